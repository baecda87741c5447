/**
 * The preload: runs sandboxed, bundled to one CommonJS file. It exposes `window.desktop` through
 * the context bridge and nothing else; the renderer never sees ipcRenderer.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { CHANNELS } from '../ipc-channels';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld(
  'desktop',
  createBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args), CHANNELS),
);
