import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPORT_CONTENT_TYPE, renderBusinessReport } from './render-business-report';
import { extractPdfText, repoRoot } from '@kyb/testing';
import { CATEGORIES, buildReportData, buildScore } from './test-support/report-fixture';
import { buildStressReportData } from './test-support/stress-fixture';
import { NEVER_VERIFIED_MESSAGE, NOT_CLASSIFIED_MESSAGE } from './verification-section';
import { NO_SANCTIONS_HITS_MESSAGE, SANCTIONS_NOTE, SANCTIONS_NOT_READ_MESSAGE } from './sanctions-section';

const FACTOR_HEADER = /Category\s+Factor\s+Value\s+Score \(0\u2013100\)\s+Weight\s+Status/;

describe('renderBusinessReport', () => {
  describe('with a complete report', () => {
    let pdf: Buffer;
    let text: string;
    let pages: string[];

    beforeAll(async () => {
      pdf = await renderBusinessReport(buildReportData());
      ({ text, pages } = await extractPdfText(pdf));
    });

    it('produces a PDF file, served as application/pdf', () => {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(REPORT_CONTENT_TYPE).toBe('application/pdf');
    });

    it('prints the business profile with the TIN exactly as masked', () => {
      for (const value of ['Acme Industrial Supply LLC', 'XXXXX6789', 'EXT-ACME-42', 'VERIFIED', '+1 415-555-0134', '2024-11-02']) {
        expect(text).toContain(value);
      }
    });

    it('shows the verification in a section of its own: status, when, and each check with its result and reason', () => {
      expect(text).toMatch(/Business profile[\s\S]*Status\s+VERIFIED[\s\S]*Verification\s+Verification status\s+VERIFIED/);
      expect(text).toMatch(/Verified\s+2025-03-12T10:15:00Z/);
      expect(text).toMatch(/Status since\s+2025-03-01T08:00:00Z/);
      expect(text).toMatch(/Check\s+Result\s+Reason/);
      expect(text).toMatch(/TIN matches the legal name\s+PASS\s+The IRS TIN match confirmed the legal name/);
      expect(text).toMatch(/Secretary of state filing\s+PASS\s+Active filing in DE under the same name/);
      expect(text).toMatch(/Deliverable address\s+FAIL\s+The address is not deliverable/);
      expect(text).toMatch(/Owners match the officers\s+UNAVAILABLE\s+The filing lists no officers/);
    });

    it('shows the classification: the client NAICS code and the provider MCC, with titles, sector and sources', () => {
      expect(text).toMatch(/Industry classification\s+Industry\s+Wholesale Trade/);
      expect(text).toMatch(/NAICS\s+423840 Industrial Supplies Merchant Wholesalers\s+NAICS source\s+Client/);
      expect(text).toMatch(/MCC\s+5085 Industrial Supplies\s+MCC source\s+Provider \(sandbox\)/);
      expect(text).toMatch(/Classified\s+2025-03-12T10:16:00Z/);
    });

    it('lists the owners with their SSNs as masked', () => {
      expect(text).toMatch(/Jane Holloway\s+CONTROL\s+60%\s+XXXXX4321\s+San Francisco, CA/);
      expect(text).toMatch(/Marcus Ortega\s+BENEFICIARY\s+40%\s+XXXXX8765\s+Oakland, CA/);
    });

    it('shows the sanctions hits after the owners, confirmed first, and says the lists screened are not known', () => {
      expect(text).toMatch(/Owners[\s\S]*Sanctions screening[\s\S]*Hit 1: CONFIRMED, score 94\.1%[\s\S]*Hit 2: OPEN \(to review\), score 88\.5%[\s\S]*Score\s/);
      expect(text.replace(/\s+/g, ' ')).toContain(SANCTIONS_NOTE);
      expect(text).toMatch(/Confirmed hits\s+1\s+Open hits \(to review\)\s+1/);
    });

    it("prints an owner's hit with the owner's name as the owners table does: list and version, entry and id, programs, alias, score and reason", () => {
      const first = text.slice(text.indexOf('Hit 1:'), text.indexOf('Hit 2:')).replace(/\s+/g, ' ');
      expect(first).toContain('Whose name Owner: Jane Holloway Status CONFIRMED');
      expect(first).toContain('List ofac-sdn Version sdn-2025-03-10');
      expect(first).toContain('Entry HOLLOWAY, Janet Marie (individual) Entry ID 36512');
      expect(first).toContain('Programs SDGT, IRAN-EO13902 Score 94.1%');
      expect(first).toContain('Matched name HOLLOWAY, Jane Matched as strong aka of the entry');
      expect(first).toContain('Found 2025-03-12T10:17:00Z Reviewed 2025-03-13T15:00:00Z');
      expect(first).toContain("Reason 'Jane Holloway' matched the strong a.k.a. 'HOLLOWAY, Jane' of entry 36512 on ofac- sdn; the date of birth is the same.");
    });

    it('prints a hit on the legal name with the primary name matched, open and not yet reviewed', () => {
      const second = text.slice(text.indexOf('Hit 2:')).replace(/\s+/g, ' ');
      expect(second).toMatch(/^Hit 2: OPEN \(to review\), score 88\.5% Whose name Legal name: Acme Industrial Supply LLC Status OPEN \(to review\)/);
      expect(second).toContain('List ofac-consolidated Version cons-2025-03-10');
      expect(second).toContain('Entry ID 29876');
      expect(second).toContain('Programs NS-PLC Score 88.5%');
      expect(second).toContain('Matched as the primary name Found 2025-03-12T10:17:00Z Reviewed not yet');
    });

    it('shows the score on the 850 scale with its risk level and decision', () => {
      expect(text).toMatch(/^712$/m);
      expect(text).toMatch(/Risk level\s+LOW/);
      expect(text).toMatch(/Decision\s+APPROVE/);
      expect(text).toContain('300\u2013549 HIGH');
      expect(text).toContain('700\u2013850 LOW');
    });

    it('labels every category and marks the one without a score "no data"', () => {
      for (const category of CATEGORIES) expect(text).toContain(category.label);
      expect(text).toMatch(/Public Records\s+81\.5/);
      expect(text).toMatch(/Performance Measures\s+no data/);
    });

    it('lists the score factors in a table', () => {
      expect(text).toMatch(FACTOR_HEADER);
      for (const label of ['Judgements and Liens', 'Social Reviews', 'Credit Bureau', 'Liquidity Ratios', 'Profitability Ratios']) {
        expect(text).toContain(label);
      }
      expect(text).toMatch(/Credit Bureau\s+742\s+88\s+100\s+SUCCESS/);
      expect(text.replace(/\s+/g, ' ')).toContain('Profitability Ratios Value: return on assets: net income / total assets, % \u2014 \u2014 34 NO_DATA');
    });

    it('gives the reason codes: why the score is not higher, with the points each cost', () => {
      expect(text).toContain('Why the score is not higher');
      expect(text).toMatch(/R01\s+Active liens and judgements total USD 4,445\s+38\.75/);
      expect(text).toMatch(/R09\s+Total liabilities are 1\.8 times equity\s+12\.1\b/);
    });

    it("lists monitoring's alerts, open ones first, with severity, status and what happened", () => {
      expect(text).toContain('Monitoring alerts');
      expect(text).toMatch(/2025-03-12T10:20:00Z\s+HIGH\s+OPEN\s+New lien: A lien of USD 4,445 was filed on 2025-03-01/);
      expect(text).toMatch(/MEDIUM\s+RESOLVED\s+Score fell 61 points/);
    });

    it('shows the change since the previous month: score, risk level, decision and the factors that moved', () => {
      expect(text).toContain('Change since 2025-02');
      expect(text).toMatch(/Weighted score \(300\u2013850\)\s+651\.5\s+712\s+\+60\.5/);
      expect(text).toMatch(/Risk level\s+MODERATE\s+LOW\s+changed/);
      expect(text).toMatch(/Judgements and Liens\s+\+41\.25/);
      expect(text).toMatch(/Credit Bureau\s+-7\.5/);
    });

    it('prints public records and the BJL facts with amounts in USD', () => {
      expect(text).toMatch(/Liens\s+3\s+Most recent lien status\s+OPEN/);
      expect(text).toMatch(/Judgements\s+1/);
      expect(text).toMatch(/Google\s+182\s+61\.5%/);
      expect(text).toMatch(/Liens\s+3\s+2024-08-21\s+OPEN\s+\$12,500\.00\s+\$48,250\.75/);
      expect(text).toMatch(/Judgements\s+1\s+2023-02-10\s+SATISFIED\s+\$7,300\.00/);
      expect(text).toContain('Limited Liability Company');
    });

    it('carries header and footer on every page, numbered N of M', () => {
      expect(pages.length).toBeGreaterThanOrEqual(2);
      pages.forEach((page, i) => {
        expect(page).toContain('360 Business Report');
        expect(page).toContain('Acme Industrial Supply LLC');
        expect(page).toContain('Report ID rpt-3f2a-4b1c-9d8e-acme');
        expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
        expect(page).toContain('Generated 2025-03-14T09:30:00Z (UTC)');
        expect(page).toContain('Score config version 2.2');
      });
    });

    it('never prints an unmasked identifier', () => {
      expect(text).not.toMatch(/\d{9}/);
      expect(text).not.toMatch(/\b\d{3}-\d{2}-\d{4}\b/);
      expect(text).not.toMatch(/\b\d{2}-\d{7}\b/);
    });
  });

  it('gives the same bytes for the same data, dated from generatedAt', async () => {
    const first = await renderBusinessReport(buildReportData());
    const second = await renderBusinessReport(buildReportData());
    expect(first.equals(second)).toBe(true);
    // pdfkit writes the info dates as indirect objects: `/CreationDate 17 0 R` ... `(D:20250314093000Z)`.
    expect(first.toString('latin1').match(/\(D:20250314093000Z\)/g)).toHaveLength(2);
    const later = await renderBusinessReport(buildReportData({ generatedAt: new Date('2025-03-15T00:00:00.000Z') }));
    expect(later.equals(first)).toBe(false);
  });

  it('when the business has no sanctions hits, says "No sanctions hits" and still that the lists screened are not known', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ sanctions: { hits: [], confirmedCount: 0, openCount: 0, erasedOwnerHits: 0 } })));
    expect(text).toMatch(/Sanctions screening[\s\S]*No sanctions hits/);
    expect(text.replace(/\s+/g, ' ')).toContain(NO_SANCTIONS_HITS_MESSAGE);
    expect(text.replace(/\s+/g, ' ')).toContain(SANCTIONS_NOTE);
    expect(text).not.toContain('Hit 1:');
    expect(text).not.toContain('ofac-sdn');
  });

  it('counts the hits on erased owners and those past the limit, without showing them', async () => {
    const [hit] = buildReportData().sanctions?.hits ?? [];
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ sanctions: { hits: [hit], confirmedCount: 3, openCount: 0, erasedOwnerHits: 1 } })));
    expect(text).toContain('1 hit on an owner whose personal data was erased is not shown.');
    expect(text).toContain('2 hits with a lower score are not shown.');
    expect(text).toContain('Hit 1: CONFIRMED');
    expect(text).not.toContain('Hit 2:');
  });

  it('when the hits were not read (data made by hand), says so rather than that there are none', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ sanctions: undefined })));
    expect(text).toMatch(/Sanctions screening\s+Sanctions hits were not read for this report\./);
    expect(text).toContain(SANCTIONS_NOT_READ_MESSAGE);
    expect(text).not.toContain('No sanctions hits');
  });

  it('when monitoring raised no alert, says so', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ alerts: [] })));
    expect(text).toContain('Monitoring has raised no alert for this business.');
  });

  it('when the business has no score, shows the no-score message instead of the score', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ score: null })));
    expect(text).toContain('No score has been generated for this business yet.');
    expect(text).not.toContain('Risk level');
    expect(text).not.toMatch(FACTOR_HEADER);
    expect(text).toContain('Score config version \u2014');
  });

  it('when the business was never verified nor classified, says so and prints its status UNVERIFIED', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ verification: null, classification: null })));
    expect(text).toMatch(/Status\s+UNVERIFIED/);
    expect(text).toContain(NEVER_VERIFIED_MESSAGE);
    expect(text).toContain(NOT_CLASSIFIED_MESSAGE);
    expect(text).not.toMatch(/Check\s+Result\s+Reason/);
    expect(text).not.toContain('VERIFIED on');
  });

  it('when public records were never fetched, says so', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ publicRecords: null, facts: null })));
    expect(text).toContain('Public records have not been fetched yet.');
    expect(text).not.toContain('Corporate filing');
  });

  it('when there are no owners, says "No owners on file"', async () => {
    const { text } = await extractPdfText(await renderBusinessReport(buildReportData({ owners: [] })));
    expect(text).toContain('No owners on file');
    expect(text).not.toContain('XXXXX4321');
  });

  it('with 40 factors, continues the factor table on the next page with its header repeated', async () => {
    const { text, pages } = await extractPdfText(await renderBusinessReport(buildReportData({ score: buildScore(40) })));
    const pagesWithHeader = pages.filter((page) => FACTOR_HEADER.test(page));
    expect(pages.length).toBeGreaterThan(1);
    expect(pagesWithHeader.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Score factors (continued)');
    for (const n of [1, 20, 40]) expect(text).toContain(`Generated factor number ${n}`);
  });

  it('survives very long strings, nulls, invalid dates, odd characters and out-of-scale scores', async () => {
    const pdf = await renderBusinessReport(buildStressReportData());
    const { text, pages } = await extractPdfText(pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pages.length).toBeGreaterThan(2);
    expect(text).toContain('\u2026');
    expect(text).toContain('no data');
    expect(text).toContain('1020');
    expect(text).not.toMatch(/null|undefined|NaN|Invalid Date/);
  });

  it('writes tmp/report-sample.pdf for a human to look at', async () => {
    const dir = path.join(repoRoot(), 'tmp');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'report-sample.pdf');
    writeFileSync(file, await renderBusinessReport(buildReportData()));
    expect(file).toMatch(/tmp[\\/]report-sample\.pdf$/);
  });
});
