import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledInlineStyleHashes } from './bundled-inline-styles';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('hashes of the <style> blocks a compiled UI bundle renders', () => {
  let staticsPath: string;
  beforeEach(() => {
    staticsPath = mkdtempSync(path.join(tmpdir(), 'bundled-styles-'));
    mkdirSync(path.join(staticsPath, 'js', 'async'), { recursive: true });
  });
  afterEach(() => rmSync(staticsPath, { recursive: true, force: true }));

  it('hashes the exact text of each fixed style element, in js/ and js/async/, once each', () => {
    writeFileSync(
      path.join(staticsPath, 'js', 'main.1.js'),
      'let a=()=>(0,n.jsxs)("svg",{children:[(0,n.jsx)("style",{children:`\n  .b1 {fill: #ae7d83}\n  `}),(0,n.jsx)("path",{})]});' +
        'let b=()=>(0,r.jsx)("style",{children:".c{d:e}"});let c=()=>(0,n.jsx)("style",{children:`\n  .b1 {fill: #ae7d83}\n  `});',
    );
    writeFileSync(path.join(staticsPath, 'js', 'async', 'x.2.js'), 'q=()=>(0,n.jsx)("style",{children:`.lazy{x:y}`});');
    writeFileSync(path.join(staticsPath, 'js', 'main.1.js.LICENSE.txt'), '(0,n.jsx)("style",{children:`.not-a-script{}`})');
    expect(bundledInlineStyleHashes(staticsPath)).toEqual([sha('\n  .b1 {fill: #ae7d83}\n  '), sha('.c{d:e}'), sha('.lazy{x:y}')].sort());
  });

  it('leaves out styles whose text is computed or escaped, and other elements', () => {
    writeFileSync(
      path.join(staticsPath, 'js', 'main.js'),
      '(0,n.jsx)("style",{children:`.${l}{a:b}`});(0,n.jsx)("style",{children:"a\\"b"});(0,n.jsx)("style",{nonce:e,children:`.x{}`});(0,n.jsx)("script",{children:`x`});',
    );
    expect(bundledInlineStyleHashes(staticsPath)).toEqual([]);
  });

  it('finds nothing where the UI has no scripts directory', () => {
    expect(bundledInlineStyleHashes(path.join(staticsPath, 'nowhere'))).toEqual([]);
  });
});
