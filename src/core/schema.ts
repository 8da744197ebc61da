/** JSON Schema helpers shared by definition checks, validation and every host that lists a schema. */

export type JsonSchema = { readonly [key: string]: unknown };

/**
 * A plain JSON copy of a schema: symbol keys (TypeBox 0.34's `[Kind]`,
 * `[Optional]`) and non-enumerable keys are dropped. Hosts must never receive
 * the original object: the SDK client refuses listings carrying symbol keys
 * when an in-memory pair passes objects by reference.
 */
export function toJsonSchema(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isObjectSchema(schema: unknown): schema is JsonSchema {
  return isRecord(schema) && schema.type === "object";
}

/** The property schemas of an object schema, as a null-prototype map (names are user data). */
export function propertiesOf(schema: JsonSchema): Map<string, JsonSchema> {
  const map = new Map<string, JsonSchema>();
  const properties = schema.properties;
  if (isRecord(properties)) {
    for (const key of Object.keys(properties)) {
      const child = properties[key];
      if (isRecord(child)) map.set(key, child);
    }
  }
  return map;
}

/** Union branches (anyOf / oneOf) of a schema, or undefined when it is not a union. */
export function unionBranches(schema: JsonSchema): JsonSchema[] | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  return Array.isArray(branches) ? branches.filter(isRecord) : undefined;
}

/** Every direct subschema with the JSON pointer step that leads to it. */
export function* subschemas(schema: JsonSchema): Generator<[string, JsonSchema]> {
  for (const [key, child] of propertiesOf(schema)) yield [`/properties/${escapePointer(key)}`, child];
  for (const keyword of ["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"]) {
    const child = schema[keyword];
    if (isRecord(child)) yield [`/${keyword}`, child];
  }
  for (const keyword of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const list = schema[keyword];
    if (Array.isArray(list)) {
      for (let k = 0; k < list.length; k++) {
        const child = list[k];
        if (isRecord(child)) yield [`/${keyword}/${k}`, child];
      }
    }
  }
  for (const keyword of ["patternProperties", "$defs", "definitions"]) {
    const map = schema[keyword];
    if (isRecord(map)) {
      for (const key of Object.keys(map)) {
        const child = map[key];
        if (isRecord(child)) yield [`/${keyword}/${escapePointer(key)}`, child];
      }
    }
  }
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
