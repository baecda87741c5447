import { Drawer } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * The phone's menu: Blueprint's drawer, in a module of its own so that its overlay code (about 5.5 KB
 * brotli) loads when the menu is first opened or reached for, not before a workspace page's first
 * paint (issue 37; the shell imports it lazily, school-shell.tsx).
 */
export default function MenuDrawer({ isOpen, onClose, title, children }: { isOpen: boolean; onClose: () => void; title: string; children: ReactNode }) {
  return (
    <Drawer isOpen={isOpen} onClose={onClose} position="left" size="85%" title={title} className="ws-drawer">
      {children}
    </Drawer>
  );
}
