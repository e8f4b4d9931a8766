import { irsTinMatchOutcome } from './irs-tin-match-codes';
import { maskTin } from './mask-tin';

describe('masking a TIN in a vendor answer', () => {
  it('keeps only the last four digits wherever and however the TIN is written', () => {
    const text = '{"tin":"123456789","note":"12-3456789 / 123-45-6789 / 123 45 6789 / x123456789012"}';
    expect(maskTin(text, '123456789')).toBe('{"tin":"*****6789","note":"*****6789 / *****6789 / *****6789 / x*****6789012"}');
  });

  it('leaves other numbers alone', () => {
    expect(maskTin('{"id":4989258,"other":"987654321","date":"2026-12-02"}', '123456789')).toBe('{"id":4989258,"other":"987654321","date":"2026-12-02"}');
  });
});

describe('reading an irs_code', () => {
  it('treats a code it does not know, or no integer, as an answer it cannot read (transient)', () => {
    expect([irsTinMatchOutcome(9), irsTinMatchOutcome('0'), irsTinMatchOutcome(null)]).toEqual([
      { kind: 'unanswered', transient: true, message: 'Compliancely answered an IRS result code we do not know (9)' },
      { kind: 'unanswered', transient: true, message: 'Compliancely answered without an IRS result code' },
      { kind: 'unanswered', transient: true, message: 'Compliancely answered without an IRS result code' },
    ]);
  });
});
