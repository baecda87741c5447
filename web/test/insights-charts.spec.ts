import { describe, expect, it } from '@jest/globals';
import { I18nProvider } from '@lingui/react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup as render } from 'react-dom/server';
import { i18n } from '../src/lib/i18n/i18n';
import { BarChart, FigureTable, LineChart, niceMax } from '../src/features/insights/components/charts';
import { axisRupees, dayMonth, daysSince, monthLabel } from '../src/features/insights/components/format';

// The charts' PNG button reads its words from the insights catalogue (English when none is loaded).
i18n.loadAndActivate({ locale: 'en', messages: {} });
const renderToStaticMarkup = (el: ReactElement) => render(createElement(I18nProvider, { i18n }, el));

/** The insights' hand-drawn charts (issue 38): the chart hidden from screen readers, its table read instead; axes in Indian formats. */
describe('insights charts', () => {
  it('rounds an axis up to 1, 2 or 5 × a power of ten', () => {
    expect([niceMax(0), niceMax(7), niceMax(86_000_000), niceMax(100), niceMax(101)]).toEqual([1, 10, 100_000_000, 100, 200]);
  });

  it('writes ₹ with Indian grouping on a money axis and DD/MM dates', () => {
    expect(axisRupees(86_000_000)).toBe('₹8,60,000');
    expect(dayMonth('2026-11-16')).toBe('16/11');
    expect(monthLabel('2026-04')).toBe('04/2026');
    expect(daysSince('2026-09-10', '2026-11-24')).toBe(75);
  });

  it('hides the bars from screen readers, flags a group with a sign besides colour, and keeps the table', () => {
    const table = createElement(FigureTable, { caption: 'By class', head: ['Class', '%'], rows: [['Class 2', '75 %'], ['Class 10', '54.5 %']] });
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        id: 't',
        title: 'By class',
        labels: ['Class 2', 'Class 10'],
        series: [{ label: 'Attendance %', values: [75, 54.5], fill: 'hatch', color: '#215db0' }],
        max: 100,
        format: (v: number) => `${v} %`,
        flag: (i: number) => i === 1,
        table,
      }),
    );
    expect(html).toContain('aria-hidden="true"');
    expect(html).toMatch(/⚠ (<!-- -->)?Class 10/);
    expect(html).toContain('<th scope="row">Class 10</th><td>54.5 %</td>');
    expect(html).toContain('pattern id="t-p0"');
    expect((html.match(/<rect x=/g) ?? []).length).toBe(2);
  });

  it('draws a line with a marker per point and the dashed 75 % line', () => {
    const html = renderToStaticMarkup(
      createElement(LineChart, {
        id: 'l',
        title: 'Attendance',
        labels: ['16/11', '17/11', '19/11'],
        series: [{ label: 'Attendance %', values: [87.5, 50, 33.3], fill: 'solid', color: '#215db0' }],
        max: 100,
        format: (v: number) => `${v} %`,
        threshold: { value: 75, label: '75 % line' },
        table: createElement('table'),
      }),
    );
    expect((html.match(/<circle/g) ?? []).length).toBe(3);
    expect(html).toContain('stroke-dasharray="6 4"');
    expect(html).toContain('75 % line');
    // Every chart offers its PNG, the button naming the chart (the download itself is checked in the browser: e2e/tests/insights).
    expect(html).toContain('aria-label="Download PNG: Attendance"');
  });
});
