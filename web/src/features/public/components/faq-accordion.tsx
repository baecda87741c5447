import { Collapse } from '@blueprintjs/core';
import { useId, useState } from 'react';
import type { FaqItem } from '../content/faq';
import { ChevronIcon } from './icons';

/** An accordion of questions: each question is a button (aria-expanded) that shows its answer. */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set([0]));
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <div className="faq">
      {items.map((item, i) => {
        const isOpen = open.has(i);
        const panelId = `${baseId}-answer-${i}`;
        return (
          <div key={item.question} className="faq-item">
            <h3>
              <button type="button" className="faq-question" aria-expanded={isOpen} aria-controls={panelId} onClick={() => toggle(i)}>
                <span>{item.question}</span>
                <ChevronIcon open={isOpen} />
              </button>
            </h3>
            <div id={panelId}>
              <Collapse isOpen={isOpen}>
                <p className="faq-answer">{item.answer}</p>
              </Collapse>
            </div>
          </div>
        );
      })}
    </div>
  );
}
