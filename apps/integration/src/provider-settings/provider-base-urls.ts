import { COBALT_PRODUCTION_URL } from '../providers/cobalt/cobalt.api';
import { COMPLIANCELY_PRODUCTION_URL } from '../providers/compliancely/compliancely-tin.provider';
import { MATCH_PRO_PRODUCTION_URL } from '../providers/match-pro/match-pro.api';
import { OPENCORPORATES_PRODUCTION_URL } from '../providers/opencorporates/opencorporates-registry.provider';
import { OPENSANCTIONS_PRODUCTION_URL } from '../providers/opensanctions/opensanctions-watchlist.provider';
import { SMARTY_PRODUCTION_URL } from '../providers/smarty/smarty-street.api';

/** Where each vendor is reached: the deployment settings `<PROVIDER>_BASE_URL` (a fake in tests, a vendor's sandbox in staging). */
export interface ProviderBaseUrls {
  matchPro: string;
  opencorporates: string;
  cobalt: string;
  smarty: string;
  tinMatch: string;
  opensanctions: string;
}

/** The vendors' production hosts: what a deployment reaches unless told otherwise. */
export const PRODUCTION_BASE_URLS: ProviderBaseUrls = {
  matchPro: MATCH_PRO_PRODUCTION_URL,
  opencorporates: OPENCORPORATES_PRODUCTION_URL,
  cobalt: COBALT_PRODUCTION_URL,
  smarty: SMARTY_PRODUCTION_URL,
  tinMatch: COMPLIANCELY_PRODUCTION_URL,
  opensanctions: OPENSANCTIONS_PRODUCTION_URL,
};
