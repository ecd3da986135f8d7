/**
 * fast-check arbitraries derived from JSON Schemas (the contract's, as the server loads them):
 * `validValue` draws values the schema accepts, `invalidValue` values it should refuse (wrong
 * types, out-of-range numbers, NUL bytes, oversize strings, missing or extra fields…), mutated
 * anywhere inside a valid value. Generic on purpose: a new operation or schema is covered
 * without a line here. Keywords it does not know are ignored (values then merely may be invalid).
 */
import fc from "fast-check";

export type Schema = { [key: string]: unknown };

export interface SchemaArbitraryOptions {
  /** The schema a `$ref` names (the contract's refs point into its bundle's `$defs`). */
  resolve(ref: string): Schema;
  /** Dates and instants are drawn near this `yyyy-mm-dd` most of the time, so ranges hit data. */
  focusDate: string;
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const DAY_MS = 86_400_000;
/** Longest string drawn on purpose over a maxLength: beyond it, only the body-limit case. */
const OVERSIZE_CAP = 100_000;
/** Items drawn for an array, unless its minItems asks for more (then now and then its maxItems). */
const FEW_ITEMS = 4;
/** Below this depth, an invalid value is a wrong type only (schemas are trees, but be safe). */
const MAX_DEPTH = 12;

/** Values that are wrong for almost any schema; each is kept only if its type is not allowed. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e20,
  -1e20,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  "",
  "x",
  "1",
  "true",
  "null",
  "NaN",
  "\u0000",
  [],
  [null],
  {},
  { "": null },
];

/** Strings that break parsers and databases: NUL, control characters, lone surrogates, RTL, emoji. */
const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0000".repeat(3),
  "\u0001\u0007\b\t\n\r\u001b\u007f",
  "\ud800",
  "\udfff",
  "a\ud83d",
  "\u202egnp.exe",
  "😀👨‍👩‍👧‍👦🇲🇽",
  "Ω≈ç√∫˜µ≤≥÷",
  "' OR 1=1 --",
  "'); drop table users; --",
  "%00",
  "%s%n%x",
  "${jndi:ldap://x}",
  "<script>alert(1)</script>",
  "\\",
  '"',
  "../../etc/passwd",
  " ",
  "\ufeff",
  "0x7fffffff",
  "-0",
  "1e309",
];

const INVALID_DATES = [
  // The date format accepts these; PostgreSQL has no year 0, and the day after the last has five digits.
  "0000-01-01",
  "9999-12-31",
  "1899-12-31",
  "2200-01-01",
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "2026-11-31",
  "20261120",
  "2026-1-2",
  "26-11-20",
  "2026-11-20T00:00:00Z",
  "+002026-11-20",
  "-2026-11-20",
  "2026/11/20",
  "20-11-2026",
  "hoy",
];

const INVALID_INSTANTS = [
  // RFC 3339 allows these two; JavaScript's Date cannot read them.
  "2026-12-31T23:59:60Z",
  "2026-11-20T10:00:00-06",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "2026-11-20",
  "2026-11-20T25:00:00Z",
  "2026-11-20T10:60:00Z",
  "2026-11-20T10:00:00",
  "2026-02-30T10:00:00Z",
  "2026-11-20T10:00Z",
  "1605865200",
  "2026-11-20T10:00:00+25:00",
  "mañana a las 10",
];

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === "string");
  if (isSchema(schema.properties) || schema.additionalProperties !== undefined) return ["object"];
  if (schema.items !== undefined) return ["array"];
  return [];
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/** The bounds of an integer schema (exclusive bounds made inclusive). */
function integerBounds(schema: Schema): { min: number; max: number } {
  const min =
    typeof schema.exclusiveMinimum === "number"
      ? Math.floor(schema.exclusiveMinimum) + 1
      : Math.ceil(numberOr(schema.minimum, Number.MIN_SAFE_INTEGER));
  const max =
    typeof schema.exclusiveMaximum === "number"
      ? Math.ceil(schema.exclusiveMaximum) - 1
      : Math.floor(numberOr(schema.maximum, Number.MAX_SAFE_INTEGER));
  return { min, max };
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Length in code points, as JSON Schema's minLength and maxLength count. */
const codePoints = (text: string) => [...text].length;

/** One of the values that pass `keep`, or nothing (a filter that never passes would hang). */
function someOf(values: string[], keep: (value: string) => boolean): Array<fc.Arbitrary<string>> {
  const kept = values.filter(keep);
  return kept.length > 0 ? [fc.constantFrom(...kept)] : [];
}

export class SchemaArbitraries {
  private readonly validCache = new WeakMap<Schema, fc.Arbitrary<unknown>>();
  private readonly invalidCache = new WeakMap<Schema, fc.Arbitrary<unknown>>();
  private readonly focusMs: number;

  constructor(private readonly options: SchemaArbitraryOptions) {
    this.focusMs = Date.parse(`${options.focusDate}T00:00:00Z`);
  }

  /** The schema itself, or the one its `$ref` names, with the ref's sibling keywords kept. */
  private deref(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops += 1) {
      const { $ref, ...siblings } = current;
      current = { ...this.options.resolve($ref as string), ...siblings };
    }
    return current;
  }

  // ---- valid values ----------------------------------------------------------------------

  /** Values the schema accepts (as far as the keywords below go). */
  valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const cached = this.validCache.get(schema);
    if (cached) return cached;
    const arbitrary = this.buildValid(this.deref(schema), depth);
    this.validCache.set(schema, arbitrary);
    return arbitrary;
  }

  private buildValid(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    if ("const" in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null;
    if (branches) return fc.oneof(...branches.filter(isSchema).map((branch) => this.valid(branch, depth + 1)));
    if (Array.isArray(schema.allOf)) {
      const merged = Object.assign({}, ...schema.allOf.filter(isSchema).map((s) => this.deref(s)), schema, {
        allOf: undefined,
      }) as Schema;
      return this.buildValid(merged, depth);
    }
    const types = typesOf(schema);
    if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
    return fc.oneof(...types.map((type) => this.validOfType(schema, type, depth)));
  }

  private validOfType(schema: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer": {
        const { min, max } = integerBounds(schema);
        return fc.oneof(
          // Small values first: ids that exist in the test's data.
          { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 30) }) },
          { weight: 2, arbitrary: fc.integer({ min, max }) },
          { weight: 1, arbitrary: fc.constantFrom(min, max) },
        );
      }
      case "number": {
        const min = numberOr(schema.minimum, -1e9);
        const max = numberOr(schema.maximum, 1e9);
        return fc.oneof(
          fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
          fc.constantFrom(min, max),
        );
      }
      case "string":
        return this.validString(schema);
      case "array":
        return this.validArray(schema, depth);
      case "object":
        return this.validObject(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  }

  private validDate(): fc.Arbitrary<string> {
    return fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: -12, max: 12 }).map((d) => isoDate(this.focusMs + d * DAY_MS)) },
      {
        weight: 2,
        arbitrary: fc
          .integer({ min: Date.UTC(1950, 0, 1) / DAY_MS, max: Date.UTC(2100, 11, 31) / DAY_MS })
          .map((d) => isoDate(d * DAY_MS)),
      },
      // The edges of the years a request may name (the contract's conventions), a leap day.
      { weight: 1, arbitrary: fc.constantFrom("1900-01-01", "2199-12-31", "2024-02-29", "1970-01-01") },
    );
  }

  private validInstant(): fc.Arbitrary<string> {
    const onFocus = fc
      .record({
        day: fc.integer({ min: -12, max: 12 }),
        minute: fc.integer({ min: 0, max: 1439 }),
        second: fc.integer({ min: 0, max: 59 }),
        fraction: fc.constantFrom("", ".0", ".123", ".123456789"),
        zone: fc.constantFrom("Z", "z", "+00:00", "-06:00", "+05:30", "+14:00", "-12:00", "+0000"),
        separator: fc.constantFrom("T", "t", " "),
      })
      .map(
        ({ day, minute, second, fraction, zone, separator }) =>
          `${isoDate(this.focusMs + day * DAY_MS)}${separator}${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:${pad(second)}${fraction}${zone}`,
      );
    return fc.oneof(
      { weight: 6, arbitrary: onFocus },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          "1900-01-01T00:00:00+14:00",
          "2199-12-31T23:59:59-12:00",
          "1970-01-01T00:00:00Z",
          "2026-11-20T00:00:00.00000000000000000001Z",
        ),
      },
    );
  }

  private validString(schema: Schema): fc.Arbitrary<string> {
    const minLength = numberOr(schema.minLength, 0);
    const maxLength = numberOr(schema.maxLength, Number.POSITIVE_INFINITY);
    const fits = (text: string) => codePoints(text) >= minLength && codePoints(text) <= maxLength;
    if (schema.format === "date") return this.validDate();
    if (schema.format === "date-time") return this.validInstant();
    if (schema.format === "email") {
      return fc.oneof(fc.emailAddress().filter(fits), ...someOf(["admin@prueba.example", "A.B+C@Example.COM", "x@y.mx"], fits));
    }
    if (typeof schema.pattern === "string") {
      let regex: RegExp;
      try {
        regex = new RegExp(schema.pattern, "u");
      } catch {
        regex = new RegExp(schema.pattern);
      }
      return fc.stringMatching(regex, { size: "small" }).filter(fits);
    }
    const shortest = Math.max(0, minLength);
    const short = Math.min(maxLength, shortest + 40);
    const arbitraries: Array<fc.Arbitrary<string>> = [
      fc.string({ minLength: shortest, maxLength: short }),
      fc.string({ minLength: shortest, maxLength: short, unit: "grapheme" }).filter(fits),
      ...someOf(["Ñandú Pérez", "VB1234", "MEX", "  espacios  ", "ÁÉÍÓÚ üñ ¿¡"], fits),
    ];
    // Exactly at the limit: the longest value the contract lets through.
    if (Number.isFinite(maxLength) && maxLength <= OVERSIZE_CAP && maxLength > short) {
      arbitraries.push(fc.constantFrom("a", "é", "😀").map((unit) => unit.repeat(maxLength)));
    }
    return fc.oneof(...arbitraries);
  }

  private validArray(schema: Schema, depth: number): fc.Arbitrary<unknown[]> {
    const items = isSchema(schema.items) ? this.valid(schema.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
    const minItems = numberOr(schema.minItems, 0);
    const maxItems = numberOr(schema.maxItems, minItems + FEW_ITEMS);
    const build = (minLength: number, maxLength: number) =>
      schema.uniqueItems === true
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (value: unknown) => JSON.stringify(value) })
        : fc.array(items, { minLength, maxLength });
    const few = build(minItems, Math.min(maxItems, minItems + FEW_ITEMS));
    if (maxItems <= minItems + FEW_ITEMS || maxItems > 1000) return few;
    // Now and then as many items as the contract allows.
    return fc.oneof({ weight: 19, arbitrary: few }, { weight: 1, arbitrary: build(maxItems, maxItems) });
  }

  private validObject(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === "string") : [];
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (isSchema(property)) model[name] = this.valid(property, depth + 1);
    }
    let arbitrary: fc.Arbitrary<Record<string, unknown>> = fc.record(model, {
      requiredKeys: required.filter((k) => k in model),
    });
    if (Object.keys(model).length === 0 && schema.additionalProperties !== false) {
      arbitrary = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 });
    }
    const minProperties = numberOr(schema.minProperties, 0);
    const maxProperties = numberOr(schema.maxProperties, Number.POSITIVE_INFINITY);
    if (minProperties <= 0 && maxProperties === Number.POSITIVE_INFINITY) return arbitrary;
    return arbitrary.filter((o) => Object.keys(o).length >= minProperties && Object.keys(o).length <= maxProperties);
  }

  // ---- invalid values --------------------------------------------------------------------

  /** Values the schema should refuse, most of them close to valid ones. */
  invalid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const cached = this.invalidCache.get(schema);
    if (cached) return cached;
    const arbitrary = this.buildInvalid(this.deref(schema), depth);
    this.invalidCache.set(schema, arbitrary);
    return arbitrary;
  }

  private buildInvalid(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const types = typesOf(schema);
    const allowed = new Set(types.includes("number") ? [...types, "integer"] : types);
    const wrongTypes = ODD_VALUES.filter((value) => allowed.size > 0 && !allowed.has(jsonTypeOf(value)));
    const arbitraries: Array<fc.Arbitrary<unknown>> = [fc.constantFrom(...(wrongTypes.length ? wrongTypes : ODD_VALUES))];
    if (depth >= MAX_DEPTH) return arbitraries[0] as fc.Arbitrary<unknown>;

    if (Array.isArray(schema.enum) || "const" in schema) {
      arbitraries.push(fc.constantFrom("NO-EXISTE", "admin", "", "\u0000", 99, -1, "MEX ", "mex"));
    }
    const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null;
    if (branches) {
      const parts = branches.filter(isSchema);
      arbitraries.push(...parts.map((branch) => this.invalid(branch, depth + 1)));
      // Two branches at once.
      if (parts.length > 1) {
        arbitraries.push(
          fc
            .tuple(...parts.map((branch) => this.valid(branch, depth + 1)))
            .map((values) => Object.assign({}, ...values.filter(isSchema))),
        );
      }
    }
    for (const type of types) {
      if (type === "string") arbitraries.push(this.invalidString(schema));
      if (type === "integer" || type === "number") arbitraries.push(this.invalidNumber(schema, type));
      if (type === "array") arbitraries.push(this.invalidArray(schema, depth));
      if (type === "object") arbitraries.push(this.invalidObject(schema, depth));
    }
    return fc.oneof(...arbitraries);
  }

  private invalidString(schema: Schema): fc.Arbitrary<unknown> {
    const valid = this.validString(schema);
    const maxLength = numberOr(schema.maxLength, Number.POSITIVE_INFINITY);
    const minLength = numberOr(schema.minLength, 0);
    const arbitraries: Array<fc.Arbitrary<unknown>> = [
      // A NUL byte (or other control character) somewhere inside an otherwise valid value.
      fc
        .tuple(valid, fc.nat(), fc.constantFrom("\u0000", "\u0000\u0000", "\u0001", "\u001f", "\ud800"))
        .map(([text, at, bad]) => `${text.slice(0, at % (text.length + 1))}${bad}${text.slice(at % (text.length + 1))}`),
      fc.constantFrom(...NASTY_STRINGS),
      fc.string({ maxLength: 30, unit: "binary" }),
      valid.map((text) => ` ${text} `),
      valid.map((text) => text.toLowerCase()),
    ];
    if (Number.isFinite(maxLength) && maxLength < OVERSIZE_CAP) {
      arbitraries.push(fc.constantFrom("a", "ñ", "😀", "\u0000").map((unit) => unit.repeat(maxLength + 1)));
    } else if (!Number.isFinite(maxLength)) {
      arbitraries.push(fc.constant("x".repeat(OVERSIZE_CAP)));
    }
    if (minLength > 0) arbitraries.push(fc.constant("a".repeat(minLength - 1)));
    if (schema.format === "date") arbitraries.push(fc.constantFrom(...INVALID_DATES));
    if (schema.format === "date-time") arbitraries.push(fc.constantFrom(...INVALID_INSTANTS));
    if (schema.format === "email") {
      arbitraries.push(fc.constantFrom("sin-arroba", "a@", "@b.mx", "a@b", "a b@c.mx", "a@@b.mx", `${"a".repeat(300)}@b.mx`));
    }
    return fc.oneof(...arbitraries);
  }

  private invalidNumber(schema: Schema, type: string): fc.Arbitrary<unknown> {
    const { min, max } = integerBounds(schema);
    const values: unknown[] = [1e20, -1e20, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e308, -0.5];
    if (min > Number.MIN_SAFE_INTEGER) values.push(min - 1, min - 1000);
    if (max < Number.MAX_SAFE_INTEGER) values.push(max + 1, max * 10 + 1);
    if (type === "integer") values.push(1.5, min + 0.5, 1e-7);
    values.push(String(min), `${min}abc`, "0x10", "1e3", " 1", "Infinity", "-Infinity", "1e400", "NaN");
    return fc.constantFrom(...values);
  }

  private invalidArray(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const items = isSchema(schema.items) ? schema.items : {};
    const valid = this.validArray(schema, depth);
    const arbitraries: Array<fc.Arbitrary<unknown>> = [
      // One item broken, anywhere.
      fc
        .tuple(valid, this.invalid(items, depth + 1), fc.nat())
        .map(([list, bad, at]) => {
          const copy = [...list];
          copy.splice(at % (copy.length + 1), list.length > 0 ? 1 : 0, bad);
          return copy;
        }),
    ];
    const maxItems = numberOr(schema.maxItems, Number.POSITIVE_INFINITY);
    if (Number.isFinite(maxItems) && maxItems < 5000) {
      arbitraries.push(this.valid(items, depth + 1).map((item) => Array.from({ length: maxItems + 1 }, () => item)));
    }
    const minItems = numberOr(schema.minItems, 0);
    if (minItems > 0) arbitraries.push(fc.constant([]));
    if (schema.uniqueItems === true) {
      arbitraries.push(this.valid(items, depth + 1).map((item) => [item, item]));
    }
    return fc.oneof(...arbitraries);
  }

  private invalidObject(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const properties = isSchema(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === "string") : [];
    const valid = this.validObject(schema, depth);
    const arbitraries: Array<fc.Arbitrary<unknown>> = [
      // An extra field; some names are traps for parsers and prototype pollution.
      fc
        .tuple(
          valid,
          fc.constantFrom("extra", "__proto__", "constructor", "", "a\u0000b", "id ", "ID"),
          fc.constantFrom(...ODD_VALUES),
        )
        .map(([object, key, value]) => {
          const copy: Record<string, unknown> = { ...object };
          Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
          return copy;
        }),
    ];
    if (required.length > 0) {
      arbitraries.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => {
          const copy = { ...object };
          delete copy[key];
          return copy;
        }),
      );
    }
    const names = Object.keys(properties).filter((name) => isSchema(properties[name]));
    if (names.length > 0) {
      // One property broken, the others valid.
      arbitraries.push(
        fc
          .tuple(valid, fc.constantFrom(...names))
          .chain(([object, name]) =>
            this.invalid(properties[name] as Schema, depth + 1).map((bad) => ({ ...object, [name]: bad })),
          ),
      );
    }
    return fc.oneof(...arbitraries);
  }
}
