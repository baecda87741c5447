#!/usr/bin/env node
// Report-card benchmark (issue 17), part of `npm run bench`: the PDF renderer of the built server
// (backend/dist/modules/exams/report-card.pdf.js) on realistic cards (two terms, six subjects,
// co-scholastic grades), in English and Hindi:
//   1. one student's card, BENCH_CARD_RUNS runs (20): median and p99 in ms;
//   2. a section of 40 students as one PDF (what the background job renders), BENCH_SECTION_RUNS runs (1): seconds;
//   3. memory: the process's peak RSS and heap after the runs.
// The HTTP path adds the reads of the marks (a few indexed queries per card), not measured here.
// Prints the figures and rewrites the "Report cards" block of docs/performance.md (BENCH_NO_REPORT=1 to skip).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { machine, machineLine, writeBlock } from './report.mjs';
import { DIST, ensureBuilt, logger, nearestRank } from './support.mjs';

const require = createRequire(import.meta.url);
ensureBuilt();
const { renderReportCards } = require(join(DIST, 'modules', 'exams', 'report-card.pdf.js'));
const log = logger('report-cards');

const ONE_RUNS = Number(process.env.BENCH_CARD_RUNS ?? 20);
const SECTION_RUNS = Number(process.env.BENCH_SECTION_RUNS ?? 1);
const SUBJECTS = ['English', 'Hindi', 'Mathematics', 'Science', 'Social Studies', 'Sanskrit'];
function card(i) {
  const term = (n) => {
    const subjects = SUBJECTS.map((name, k) => {
      const total = 40 + ((i * 7 + k * 11 + n * 5) % 60);
      return { subjectId: `s${k}`, subjectName: name, marks: {}, total, max: 100, percentage: total, grade: total > 90 ? 'A1' : total > 80 ? 'A2' : total > 70 ? 'B1' : total > 60 ? 'B2' : total > 50 ? 'C1' : 'C2', pass: true, failedComponents: [] };
    });
    const total = subjects.reduce((s, x) => s + x.total, 0);
    return { examId: `e${n}`, examName: n === 1 ? 'Half-yearly' : 'Yearly', term: n, published: true, components: [], subjects, total, max: 600, percentage: Math.round((total / 6) * 100) / 100, grade: 'B1', result: 'pass', rank: i + 1, coScholastic: { 'Work education': 'A', 'Art education': 'B', 'Health and physical education': 'A', Discipline: 'A' }, remarks: 'Attentive in class; reads widely.' };
  };
  return {
    school: { name: 'Kendriya Vidya Niketan', affiliationNumber: '2130456', schoolCode: '09120100101', address: '12 Mall Road, Civil Lines, Kanpur, Uttar Pradesh, 208001', principalName: 'Dr. Meera Joshi' },
    student: { id: `st${i}`, name: `Student Number ${i + 1}`, admissionNumber: `2026/${String(i + 1).padStart(4, '0')}`, rollNumber: i + 1, className: 'Class 7', sectionName: 'A', dateOfBirth: '2014-06-02', guardianName: 'Sunita Sharma' },
    academicYear: '2026-27',
    terms: [term(1), term(2)],
    coScholasticAreas: ['Work education', 'Art education', 'Health and physical education', 'Discipline'],
    attendance: null,
  };
}

const pct = nearestRank;
let peakRss = 0;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

const m = machine();
const lines = [];
for (const lang of ['en', 'hi']) {
  await renderReportCards([card(0)], lang); // warm-up: fonts parsed, code compiled
  const one = [];
  for (let r = 0; r < ONE_RUNS; r += 1) {
    const t0 = performance.now();
    await renderReportCards([card(r)], lang);
    one.push(performance.now() - t0);
    sample();
  }
  one.sort((a, b) => a - b);
  const section = [];
  let bytes = 0;
  for (let r = 0; r < SECTION_RUNS; r += 1) {
    const cards = Array.from({ length: 40 }, (_, i) => card(i));
    const t0 = performance.now();
    const pdf = await renderReportCards(cards, lang, async () => sample());
    section.push((performance.now() - t0) / 1000);
    bytes = pdf.length;
  }
  section.sort((a, b) => a - b);
  const line = `| ${lang === 'en' ? 'English' : 'Hindi'} | ${pct(one, 50).toFixed(1)} | ${pct(one, 99).toFixed(1)} | ${pct(section, 50).toFixed(2)} | ${(bytes / 1024).toFixed(0)} |`;
  log(line);
  lines.push(line);
}
const heap = process.memoryUsage().heapUsed;
const content = `${machineLine(m)}

| language | one card, median (ms) | one card, p99 (ms) (${ONE_RUNS} runs) | section of 40, median (s) | section PDF (KB) |
|---|---|---|---|---|
${lines.join('\n')}

Memory: peak RSS ${(peakRss / 1024 ** 2).toFixed(0)} MB, heap after the runs ${(heap / 1024 ** 2).toFixed(0)} MB (one process rendering in turn, as the job worker does).
The renderer alone (bench/report-cards.mjs); over HTTP a card adds its reads of the marks and snapshots.`;
console.log(content);
if (process.env.BENCH_NO_REPORT !== '1') writeBlock('report-cards', 'Report cards', content);
