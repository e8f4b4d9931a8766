/** What a classifier is told about a business: its name and website, nothing else. */
export interface ClassificationRequest {
  name: string;
  website: string | null;
}

/** The industry a classifier found: a six-digit NAICS code and the merchant category code that goes with it. */
export interface IndustryClassification {
  naicsCode: string;
  /** Null when the crosswalk knows no MCC for the NAICS code. */
  mccCode: string | null;
}

/**
 * Classifies a business into an industry. Throws ProviderError when it cannot answer. A real
 * classifier (a vendor's API) is one more object implementing this.
 */
export interface IndustryClassifier {
  /** Stored with the classification (`sandbox`, ...). */
  readonly name: string;
  classify(request: ClassificationRequest): Promise<IndustryClassification>;
}
