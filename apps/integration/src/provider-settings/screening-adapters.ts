import { createMatchProScreeningProvider } from '../providers/match-pro/match-pro-screening.provider';
import type { ChosenScreeningProvider } from '../providers/screening.provider';
import { chosenMatchPro, type MatchProChoiceCredentials } from './match-pro-choice';
import type { ProviderBaseUrls } from './provider-base-urls';

/** A tenant's `merchant-screening` choice, opened: its credentials (as the catalog checked them) and settings. */
export interface ScreeningChoice {
  credentials: Record<string, string>;
  settings: Record<string, unknown>;
}

/** What builds a chosen screening adapter from the tenant's choice, per adapter name (the catalog's real ones). */
export type ScreeningAdapters = Readonly<Record<string, (choice: ScreeningChoice) => ChosenScreeningProvider>>;

/** The merchant-screening capability's real adapters, each reaching its vendor at its base URL. */
export function screeningAdapters(baseUrls: Pick<ProviderBaseUrls, 'matchPro'>): ScreeningAdapters {
  const matchPro = createMatchProScreeningProvider({ baseUrl: baseUrls.matchPro });
  return {
    'match-pro': ({ credentials, settings }) => chosenMatchPro(matchPro, credentials as unknown as MatchProChoiceCredentials, String(settings.acquirer_id)),
  };
}
