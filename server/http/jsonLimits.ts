import { fieldRefusal, Refusal } from "../refusal";

/**
 * What a JSON request to the API may be. The largest body the route table accepts is the plan
 * import (`planSyncBody`: 300 plans and 300 switch-offs): 3 levels deep, about 1,200 values, about
 * 30 kB as the console sends it and 130 kB if every character of every code came escaped. The
 * limits leave that room several times over. Depth is what made a walk recurse, and values are what
 * JSON.parse, the NUL walk and zod (one issue per unknown key) spend their time on; bytes alone cost
 * a scan. The longest query any list takes has 8 parameters.
 */
export const jsonLimits = {
  maxBytes: 256 * 1024,
  maxDepth: 32,
  maxValues: 5_000,
  maxQueryParameters: 32,
} as const;

export const jsonLimitMessages = {
  tooLarge: `The request body is too large: at most ${jsonLimits.maxBytes / 1024} kB.`,
  tooDeep: `The request body is nested too deeply: at most ${jsonLimits.maxDepth} levels of arrays and objects.`,
  tooManyValues: `The request body holds too many values: at most ${jsonLimits.maxValues}.`,
  tooManyQueryParameters: `The address has too many query parameters: at most ${jsonLimits.maxQueryParameters}.`,
} as const;

export const tooLargeForApi = () => new Refusal("too_large", jsonLimitMessages.tooLarge);

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openArray = 0x5b;
const closeArray = 0x5d;
const openObject = 0x7b;
const closeObject = 0x7d;

/**
 * Refuses a body nested deeper, or holding more values, than `jsonLimits` allow, by one pass over the
 * text before anything parses or walks it. Brackets and commas count only outside strings; a value is
 * an array, an object, or anything after a comma. Text that is not JSON passes, for JSON.parse to refuse.
 */
export function refuseOversizedJson(text: string): void {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === backslash) i++;
      else if (char === quote) inString = false;
    } else if (char === quote) {
      inString = true;
    } else if (char === openArray || char === openObject) {
      if (++depth > jsonLimits.maxDepth) throw fieldRefusal("_", jsonLimitMessages.tooDeep);
      if (++values > jsonLimits.maxValues) throw fieldRefusal("_", jsonLimitMessages.tooManyValues);
    } else if (char === closeArray || char === closeObject) {
      depth--;
    } else if (char === comma) {
      if (++values > jsonLimits.maxValues) throw fieldRefusal("_", jsonLimitMessages.tooManyValues);
    }
  }
}

/** Bodies sent with an API key (both reseller APIs) are small: an order is a few fields. */
export const keyApiMaxBytes = 16 * 1024;
/** But a batch (`POST /v1/batches`) is up to 500 orders: about 30 kB written plainly, so twice that. */
export const keyBatchMaxBytes = 64 * 1024;
