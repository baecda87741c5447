import { selectorDropper } from './drop-dark-theme';

/**
 * Blueprint's stylesheet styles every one of its components; the renderer draws only some of them.
 * The rules of the components it never draws (a selector naming one of their classes) are dropped
 * at build time, and a rule left with no selector goes, as drop-dark-theme.ts does for the dark
 * theme. Every workspace page waits for Blueprint's stylesheet before it draws, so this is bytes a
 * phone no longer downloads before the first paint (issue 37; docs/performance.md, session 24).
 *
 * `LEFT_OUT` pairs each left-out class family (the class without `bp6-`, and what follows a `-`)
 * with the components that draw it: web/test/unused-blueprint.spec.ts fails when the renderer
 * imports one of those components or names one of those classes, so a component that comes into use
 * gets its rules back by leaving this list.
 */
export const LEFT_OUT: { families: string[]; components: string[] }[] = [
  { families: ['editable-text'], components: ['EditableText'] },
  { families: ['slider', 'multi-slider', 'range-slider'], components: ['Slider', 'RangeSlider', 'MultiSlider'] },
  { families: ['tag-input'], components: ['TagInput'] },
  { families: ['compound-tag'], components: ['CompoundTag'] },
  { families: ['multistep-dialog', 'dialog-step'], components: ['MultistepDialog', 'DialogStep'] },
  { families: ['panel-stack', 'panel-stack2'], components: ['PanelStack', 'PanelStack2'] },
  { families: ['tree', 'tree-node'], components: ['Tree', 'TreeNode'] },
  { families: ['key-combo', 'key', 'hotkey', 'hotkey-column', 'hotkey-dialog'], components: ['KeyComboTag', 'HotkeysDialog2', 'HotkeysProvider', 'HotkeysTarget2', 'useHotkeys'] },
  { families: ['entity-title'], components: ['EntityTitle'] },
  { families: ['card-list'], components: ['CardList'] },
  { families: ['section', 'section-header', 'section-card'], components: ['Section', 'SectionCard'] },
  { families: ['segmented-control'], components: ['SegmentedControl'] },
  { families: ['context-menu'], components: ['ContextMenu', 'ContextMenuPopover'] },
  { families: ['control-card'], components: ['ControlCard', 'SwitchCard', 'CheckboxCard', 'RadioCard'] },
  { families: ['overflow-list'], components: ['OverflowList', 'Breadcrumbs'] },
  { families: ['tooltip'], components: ['Tooltip'] },
  { families: ['code-block'], components: ['Code', 'Pre'] },
  { families: ['skeleton'], components: [] },
];

/** A class of a left-out family: `bp6-` then the family, then the end of the class or a `-`. */
const FAMILY = new RegExp(
  `\\.bp6-(?:${LEFT_OUT.flatMap((l) => l.families)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![a-z0-9])`,
);

export function dropUnusedBlueprint() {
  return selectorDropper('vidyalaya-drop-unused-blueprint', FAMILY);
}
dropUnusedBlueprint.postcss = true as const;
