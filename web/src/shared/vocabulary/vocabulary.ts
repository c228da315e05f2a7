/**
 * The words the server sends that a person reads, by vocabulary (the `x-vocabulary` names of the OpenAPI
 * document, src/types/openapi.json), and where the catalogue translates them. Features translate a word
 * through vocabularyLabel; vocabulary.test.ts checks that every word of every vocabulary the document
 * names has a translation in both languages at every place listed here, and fails on a vocabulary this
 * registry does not know.
 *
 * Each vocabulary lists catalogue prefixes: the first is the one vocabularyLabel uses; the others are
 * the places where a page translates the same words in its own terms (a filter's options, a tag), listed
 * so that a new word cannot go untranslated there either.
 */
export const VOCABULARIES = {
  'alarm.kind': ['alarm.kinds', 'deviceDetail.alarms.kinds', 'smsRecord.alarmKind', 'smsUser.kind'],
  'alarm.level': ['alarm.levels', 'deviceDetail.alarms.levels', 'smsRecord.level'],
  'alarm.status': ['deviceDetail.alarms.statuses'],
  'alarm.stage': ['alarm.stages', 'alarm.tabs', 'alarm.stageHint'],
  'alarm.state': ['alarmState'],
  'sms.status': ['smsRecord.statuses', 'smsRecord.statusHint'],
  'sms.trigger': ['smsRecord.eventType'],
  'event.type': ['eventTypes'],
  'oplog.module': ['operationLogs.moduleNames'],
  'oplog.action': ['operationLogs.actionNames'],
} as const satisfies Record<string, readonly string[]>;

export type VocabularyName = keyof typeof VOCABULARIES;

export function isVocabularyName(name: string): name is VocabularyName {
  return Object.hasOwn(VOCABULARIES, name);
}

/**
 * The catalogue key of a word under a prefix. A word's dots (event types: alarm.started) would be read
 * as key levels, so they are written as underscores in the catalogue.
 */
export function wordKey(prefix: string, word: string): string {
  return `${prefix}.${word.replaceAll('.', '_')}`;
}

/** What vocabularyLabel needs of i18next: react-i18next's `t` and `i18n.exists`. */
export interface Translator {
  t: (key: string) => string;
  exists: (key: string) => boolean;
}

/**
 * A word of a vocabulary in the current language. The empty word (no level, no module) is "no value"
 * and shows as the catalogue's empty marker; a word this console does not know yet shows as sent
 * (vocabulary.test.ts keeps that from happening for the words the server's document lists).
 */
export function vocabularyLabel({ t, exists }: Translator, name: VocabularyName, word: string): string {
  if (!word) return t('common.empty');
  const key = wordKey(VOCABULARIES[name][0], word);
  return exists(key) ? t(key) : word;
}
