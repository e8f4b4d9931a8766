/**
 * Text extraction for tests of rendered PDFs (the report renderer, erasure), with pdf-parse. pdf-parse (pdf.js) loads its worker
 * through a dynamic `import()`, which Jest's module sandbox refuses without
 * `--experimental-vm-modules`; so the extraction runs in a plain Node child process.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

/** The whole text and the text of each page, as pdf-parse extracts them. */
export interface PdfText {
  text: string;
  pages: string[];
}

const REPO_ROOT = path.resolve(__dirname, '../../..');

const EXTRACT_SCRIPT = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  try {
    const result = await parser.getText();
    process.stdout.write(JSON.stringify({ text: result.text, pages: result.pages.map((p) => p.text) }));
  } finally {
    await parser.destroy();
  }
});
`;

/** Extracts the text of `pdf` with `new PDFParse({ data }).getText()`. */
export function extractPdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', EXTRACT_SCRIPT],
      { cwd: REPO_ROOT, maxBuffer: 32 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`pdf-parse failed: ${error.message}\n${stderr}`));
          return;
        }
        resolve(JSON.parse(stdout) as PdfText);
      },
    );
    child.stdin?.end(pdf);
  });
}

/** The repository root, where `tmp/` (git-ignored) lives. */
export function repoRoot(): string {
  return REPO_ROOT;
}
