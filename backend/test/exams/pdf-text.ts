import { execFile } from 'node:child_process';

/**
 * A PDF's text, read back with pdf-parse 2 in a child Node process: pdf-parse loads pdf.js's worker
 * with a dynamic import, which Jest's module sandbox refuses without --experimental-vm-modules.
 */
export function pdfText(buffer: Buffer): Promise<string> {
  const script = `
    const { PDFParse } = require('pdf-parse');
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => {
      const parser = new PDFParse({ data: Buffer.concat(chunks) });
      const { text } = await parser.getText();
      await parser.destroy?.();
      process.stdout.write(text);
    });`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['-e', script], { cwd: __dirname, maxBuffer: 32 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    child.stdin!.end(buffer);
  });
}
