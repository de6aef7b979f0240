// A game's config schema as the server publishes it (GET /api/games: JSON Schema, as
// app/json_fields.cpp writes it): the fields, their types, ranges, choices and defaults. Forms
// read them here instead of copying the engine's constants.
import { listGames } from '../../api';

/** One property of a config schema. */
export interface SchemaProperty {
  type?: string | string[];
  enum?: (string | number)[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  items?: unknown;
}

export type SchemaProperties = Record<string, SchemaProperty>;

/**
 * The config schema's properties of game `id` (from GET /api/games, asked once per page load).
 * Throws when the server cannot be asked; an unknown game has none.
 */
export async function schemaOf(id: string): Promise<SchemaProperties> {
  const game = (await listGames()).find((entry) => entry.id === id);
  const schema = game?.config_schema as { properties?: SchemaProperties } | null | undefined;
  return schema?.properties ?? {};
}

/** `schemaOf`, or none when the server cannot tell (a form then says what it cannot offer). */
export async function configSchema(id: string): Promise<SchemaProperties> {
  try {
    return await schemaOf(id);
  } catch {
    return {};
  }
}

/** The schema's default for `name` when it has the type of `fallback`, else `fallback`. */
export function schemaDefault<T extends string | number | boolean>(
    properties: SchemaProperties, name: string, fallback: T): T {
  const value = properties[name]?.default;
  return typeof value === typeof fallback ? (value as T) : fallback;
}

/** Whether the property's type includes `type` ("integer", "null", ...). */
export function hasType(property: SchemaProperty | undefined, type: string): boolean {
  const types = property?.type;
  return Array.isArray(types) ? types.includes(type) : types === type;
}
