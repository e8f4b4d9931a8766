/** What a sample candidate is built from: the delivery point and its USPS analysis. */
export interface SmartyCandidateSample {
  deliveryLine1: string;
  city: string;
  state: string;
  zipcode: string;
  plus4?: string;
  /** `analysis.dpv_match_code`: Y, S, D, N, or blank. */
  dpvMatchCode: string;
  /** `metadata.rdi`: Residential or Commercial; left out when undefined. */
  rdi?: 'Residential' | 'Commercial';
  /** `analysis.dpv_cmra` and `analysis.dpv_vacant`: Y or N; left out when undefined. */
  cmra?: 'Y' | 'N';
  vacant?: 'Y' | 'N';
}

/**
 * A candidate as the US Street API's output field definitions lay it out (components, metadata,
 * analysis), without `input_index` and `candidate_index`, which the fake adds per answer. Fields
 * the sample does not know are left out, as Smarty leaves out empty fields.
 */
export function smartyCandidate(sample: SmartyCandidateSample): Record<string, unknown> {
  const plus4 = sample.plus4 ?? '0001';
  const [primaryNumber, ...streetWords] = sample.deliveryLine1.split(' ');
  return {
    delivery_line_1: sample.deliveryLine1,
    last_line: `${sample.city} ${sample.state} ${sample.zipcode}-${plus4}`,
    delivery_point_barcode: `${sample.zipcode}${plus4}011`,
    components: {
      primary_number: primaryNumber,
      street_name: streetWords.join(' '),
      city_name: sample.city,
      default_city_name: sample.city,
      state_abbreviation: sample.state,
      zipcode: sample.zipcode,
      plus4_code: plus4,
      delivery_point: '01',
      delivery_point_check_digit: '1',
    },
    metadata: {
      record_type: 'S',
      zip_type: 'Standard',
      county_fips: '10003',
      county_name: 'New Castle',
      carrier_route: 'C001',
      congressional_district: 'AL',
      ...(sample.rdi && { rdi: sample.rdi }),
      elot_sequence: '0001',
      elot_sort: 'A',
      latitude: 39.74595,
      longitude: -75.54659,
      precision: 'Zip9',
      time_zone: 'Eastern',
      utc_offset: -5,
      dst: true,
    },
    analysis: {
      dpv_match_code: sample.dpvMatchCode,
      dpv_footnotes: sample.dpvMatchCode === 'Y' ? 'AABB' : 'AAM3',
      ...(sample.cmra && { dpv_cmra: sample.cmra }),
      ...(sample.vacant && { dpv_vacant: sample.vacant }),
      dpv_no_stat: 'N',
      active: 'Y',
    },
  };
}
