import type ExcelJSModule from 'exceljs';
import type NodemailerModule from 'nodemailer';
import type PDFDocumentClass from 'pdfkit';
import type QRCodeModule from 'qrcode';

/**
 * The libraries only some requests need, loaded on their first use instead of at start: the
 * spreadsheet writer (with its zip and stream libraries, about 350 modules), the PDF writer (its
 * font engine and Brotli decoder, 2 MB of code), the QR code maker and nodemailer (700 KB). Each is loaded once per
 * process and shared; a server that never exports a file never loads them. Measured 2026-11-28: the
 * app loaded 3,147 modules (17 MB of code) at start; the test suites start it 280 times a run.
 */
let excel: Promise<typeof ExcelJSModule> | undefined;
let pdf: Promise<typeof PDFDocumentClass> | undefined;
let qr: Promise<typeof QRCodeModule> | undefined;
let mail: Promise<typeof NodemailerModule> | undefined;

export const loadExcelJs = (): Promise<typeof ExcelJSModule> => (excel ??= import('exceljs').then((m) => m.default));
export const loadPdfKit = (): Promise<typeof PDFDocumentClass> => (pdf ??= import('pdfkit').then((m) => m.default));
export const loadQrCode = (): Promise<typeof QRCodeModule> => (qr ??= import('qrcode').then((m) => m.default));
export const loadNodemailer = (): Promise<typeof NodemailerModule> => (mail ??= import('nodemailer').then((m) => m.default));
