import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** electron-builder.yml (the repository root) as electron-builder itself validates it. */
describe('packaging: electron-builder.yml', () => {
  const root = join(__dirname, '..', '..');
  const config = require('js-yaml').load(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));

  it("matches electron-builder's own schema", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config');
    const { DebugLogger } = require('builder-util');
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('names the app and builds AppImage and deb, nsis and dmg from desktop/out', () => {
    expect(config).toMatchObject({
      appId: 'in.vidyalaya.desktop',
      productName: 'Vidyalaya',
      directories: { app: 'desktop', buildResources: 'desktop/build' },
      icon: 'desktop/build/icon.png',
      linux: { target: ['AppImage', 'deb'] },
      win: { target: ['nsis'] },
      mac: { target: ['dmg'] },
    });
    expect(config.files).toContain('out/**');
    const pkg = JSON.parse(readFileSync(join(root, 'desktop', 'package.json'), 'utf8'));
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('has a 512×512 PNG icon', () => {
    const png = readFileSync(join(root, 'desktop', 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });
});
