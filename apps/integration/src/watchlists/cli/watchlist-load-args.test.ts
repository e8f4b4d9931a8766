import { parseWatchlistLoadArgs } from './watchlist-load-args';

describe('the watchlist:load command line', () => {
  it('reads the list and its sources in any order, with --list <name> or --list=<name>', () => {
    expect(parseWatchlistLoadArgs(['--list', 'ofac-sdn', 'sdn.csv', 'alt.csv'])).toEqual({ list: 'ofac-sdn', sources: ['sdn.csv', 'alt.csv'] });
    expect(parseWatchlistLoadArgs(['https://example.test/CONS_PRIM.CSV', '--list=ofac-consolidated'])).toEqual({ list: 'ofac-consolidated', sources: ['https://example.test/CONS_PRIM.CSV'] });
  });

  it.each([
    [[], '--list is required'],
    [['sdn.csv'], '--list is required'],
    [['--list', 'un-sc', 'x.csv'], '--list must be one of ofac-sdn, ofac-consolidated, got "un-sc"'],
    [['--list', 'ofac-sdn'], 'no file or URL was given'],
    [['--list', 'ofac-sdn', '--force', 'sdn.csv'], 'unknown option --force'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseWatchlistLoadArgs(argv)).toThrow(message);
  });
});
