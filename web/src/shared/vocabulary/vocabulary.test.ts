import { i18n } from '@/lib/i18n';
// The document as the server wrote it (raw: a JSON import would make tsc type the whole document).
import openapiText from '@/types/openapi.json?raw';

import { isVocabularyName, VOCABULARIES, vocabularyLabel, wordKey } from './vocabulary';

/** Every x-vocabulary of the server's document with the union of its words, wherever a schema names it. */
function documentVocabularies(): Map<string, Set<string>> {
  const doc: unknown = JSON.parse(openapiText);
  const found = new Map<string, Set<string>>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as { 'x-vocabulary'?: unknown; enum?: unknown };
    if (typeof schema['x-vocabulary'] === 'string') {
      const words = found.get(schema['x-vocabulary']) ?? new Set<string>();
      for (const w of Array.isArray(schema.enum) ? schema.enum : []) if (typeof w === 'string') words.add(w);
      found.set(schema['x-vocabulary'], words);
    }
    Object.values(node).forEach(walk);
  };
  walk(doc);
  return found;
}

const CJK = /[\u4e00-\u9fff]/;
const vocabularies = documentVocabularies();

describe('every word the server sends is translated', () => {
  it('the document names the vocabularies', () => {
    // A parser that found nothing would make every other check pass.
    expect(vocabularies.size).toBeGreaterThanOrEqual(10);
    expect([...vocabularies.values()].every((words) => words.size > 0)).toBe(true);
  });

  it.each([...vocabularies.keys()])('%s has a translator in the registry', (name) => {
    expect(isVocabularyName(name), `vocabulary ${name} has no entry in shared/vocabulary/vocabulary.ts`).toBe(true);
  });

  describe.each(['zh-CN', 'en'] as const)('%s', (lng) => {
    const fixed = i18n.getFixedT(lng);
    // Only the language's own strings: a key missing in en must not pass on zh-CN's fallback.
    const translator = {
      t: (key: string) => fixed(key),
      exists: (key: string) => i18n.exists(key, { lng, fallbackLng: false }),
    };

    it.each([...vocabularies].filter(([name]) => isVocabularyName(name)))('%s', (name, words) => {
      if (!isVocabularyName(name)) return;
      const missing: string[] = [];
      for (const word of words) {
        if (word === '') {
          // The empty word is "none" (a non-gas alarm's level): the catalogue's empty marker.
          expect(vocabularyLabel(translator, name, word)).toBe(fixed('common.empty'));
          continue;
        }
        const label = vocabularyLabel(translator, name, word);
        if (label === word || label === '' || !translator.exists(wordKey(VOCABULARIES[name][0], word))) missing.push(word);
        else if (lng === 'zh-CN' ? !CJK.test(label) : CJK.test(label)) missing.push(`${word} (${label})`);
        // The other places translating the same words.
        for (const prefix of VOCABULARIES[name].slice(1)) {
          const key = wordKey(prefix, word);
          const text = translator.exists(key) ? fixed(key) : '';
          if (!text || (lng === 'zh-CN' && !CJK.test(text))) missing.push(`${key}`);
        }
      }
      expect(missing, `untranslated in ${lng}`).toEqual([]);
    });
  });
});
