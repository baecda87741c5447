import { HTMLSelect } from '@blueprintjs/core';

/** A section chooser grouped by class. */
export function SectionSelect(props: { value: string; onChange: (id: string) => void; classes: { id: string; name: string; sections: { id: string; name: string }[] }[]; label?: string; name?: string }) {
  return (
    <HTMLSelect value={props.value} onChange={(e) => props.onChange(e.target.value)} aria-label={props.label} name={props.name}>
      {props.classes.map((c) => (
        <optgroup key={c.id} label={c.name}>
          {c.sections.map((s) => (
            <option key={s.id} value={s.id}>
              {c.name} {s.name}
            </option>
          ))}
        </optgroup>
      ))}
    </HTMLSelect>
  );
}

