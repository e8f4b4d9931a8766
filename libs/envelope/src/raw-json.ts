import { randomBytes } from 'node:crypto';

/**
 * What RawJson and stringifyJson share: the mark of a RawJson's place in text being serialized
 * (random per process, so no data can hold it) and the raw texts the serialization under way met.
 * Kept on the global object under a registered symbol: each area's bundle has its own copy of this
 * module, and a RawJson made in one must be recognised by the stringifyJson of another.
 */
interface RawJsonState {
  mark: string;
  places: RegExp;
  collecting: string[] | undefined;
}

const STATE = Symbol.for('kyb.envelope.raw-json');

function sharedState(): RawJsonState {
  const global = globalThis as { [STATE]?: RawJsonState };
  if (!global[STATE]) {
    const mark = `kyb-raw-json-${randomBytes(16).toString('hex')}-`;
    global[STATE] = { mark, places: new RegExp(`"${mark}(\\d+)"`, 'g'), collecting: undefined };
  }
  return global[STATE];
}

const state = sharedState();

/**
 * A value that is already JSON text, such as a `json` column read as text: {@link stringifyJson}
 * puts the text into its output as it is, instead of parsing it into objects only to serialize them
 * again (E10's score distribution is most of its answer). Anywhere else JSON.stringify meets it,
 * it stands for the value its text holds. The text must be valid JSON: it comes from PostgreSQL's
 * `json` type, which holds nothing else.
 */
export class RawJson {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    const { collecting } = state;
    if (!collecting) return JSON.parse(this.text);
    collecting.push(this.text);
    return `${state.mark}${collecting.length - 1}`;
  }
}

/** JSON.stringify(value), with each {@link RawJson} inside it written as its text. */
export function stringifyJson(value: unknown): string | undefined {
  const outer = state.collecting;
  const raws: string[] = [];
  state.collecting = raws;
  try {
    const text = JSON.stringify(value);
    return raws.length === 0 || text === undefined ? text : text.replace(state.places, (_place, index: string) => raws[Number(index)]);
  } finally {
    state.collecting = outer;
  }
}
