import type { Catalog } from '../../src/catalog/catalog.ts';

/**
 * `catalog` as plain data, to compare two catalogs field by field: each record as JSON reads it (a
 * record the serving thread holds as its bytes, src/catalog/record-of-bytes.ts, read whole), and a
 * translation's English words read (they are made when first read, src/catalog/catalog-pieces.ts).
 */
export function plainCatalog(catalog: Catalog): unknown {
  const { translated } = catalog;
  return {
    ...catalog,
    exercises: catalog.exercises.map((exercise) => JSON.parse(JSON.stringify(exercise))),
    languages: new Map([...catalog.languages].map(([lang, language]) => [lang, plainCatalog(language)])),
    translated: translated === undefined ? undefined : { ...translated, englishWords: translated.englishWords },
  };
}
