// Written by scripts/i18n-index.mjs from the files beside it: do not edit by hand.
import type { Catalogue } from '../languages.ts';
import ask_enGB from './ask/en-GB.json' with { type: 'json' };
import ask_enUS from './ask/en-US.json' with { type: 'json' };
import ask_de from './ask/de.json' with { type: 'json' };
import ask_fr from './ask/fr.json' with { type: 'json' };
import ask_es from './ask/es.json' with { type: 'json' };
import ask_it from './ask/it.json' with { type: 'json' };
import ask_nl from './ask/nl.json' with { type: 'json' };
import ask_ptBR from './ask/pt-BR.json' with { type: 'json' };
import ask_pl from './ask/pl.json' with { type: 'json' };
import ask_sv from './ask/sv.json' with { type: 'json' };
import common_enGB from './common/en-GB.json' with { type: 'json' };
import common_enUS from './common/en-US.json' with { type: 'json' };
import common_de from './common/de.json' with { type: 'json' };
import common_fr from './common/fr.json' with { type: 'json' };
import common_es from './common/es.json' with { type: 'json' };
import common_it from './common/it.json' with { type: 'json' };
import common_nl from './common/nl.json' with { type: 'json' };
import common_ptBR from './common/pt-BR.json' with { type: 'json' };
import common_pl from './common/pl.json' with { type: 'json' };
import common_sv from './common/sv.json' with { type: 'json' };
import error_enGB from './error/en-GB.json' with { type: 'json' };
import error_enUS from './error/en-US.json' with { type: 'json' };
import error_de from './error/de.json' with { type: 'json' };
import error_fr from './error/fr.json' with { type: 'json' };
import error_es from './error/es.json' with { type: 'json' };
import error_it from './error/it.json' with { type: 'json' };
import error_nl from './error/nl.json' with { type: 'json' };
import error_ptBR from './error/pt-BR.json' with { type: 'json' };
import error_pl from './error/pl.json' with { type: 'json' };
import error_sv from './error/sv.json' with { type: 'json' };
import event_enGB from './event/en-GB.json' with { type: 'json' };
import event_enUS from './event/en-US.json' with { type: 'json' };
import event_de from './event/de.json' with { type: 'json' };
import event_fr from './event/fr.json' with { type: 'json' };
import event_es from './event/es.json' with { type: 'json' };
import event_it from './event/it.json' with { type: 'json' };
import event_nl from './event/nl.json' with { type: 'json' };
import event_ptBR from './event/pt-BR.json' with { type: 'json' };
import event_pl from './event/pl.json' with { type: 'json' };
import event_sv from './event/sv.json' with { type: 'json' };
import guardrail_enGB from './guardrail/en-GB.json' with { type: 'json' };
import guardrail_enUS from './guardrail/en-US.json' with { type: 'json' };
import guardrail_de from './guardrail/de.json' with { type: 'json' };
import guardrail_fr from './guardrail/fr.json' with { type: 'json' };
import guardrail_es from './guardrail/es.json' with { type: 'json' };
import guardrail_it from './guardrail/it.json' with { type: 'json' };
import guardrail_nl from './guardrail/nl.json' with { type: 'json' };
import guardrail_ptBR from './guardrail/pt-BR.json' with { type: 'json' };
import guardrail_pl from './guardrail/pl.json' with { type: 'json' };
import guardrail_sv from './guardrail/sv.json' with { type: 'json' };
import invalid_enGB from './invalid/en-GB.json' with { type: 'json' };
import invalid_enUS from './invalid/en-US.json' with { type: 'json' };
import invalid_de from './invalid/de.json' with { type: 'json' };
import invalid_fr from './invalid/fr.json' with { type: 'json' };
import invalid_es from './invalid/es.json' with { type: 'json' };
import invalid_it from './invalid/it.json' with { type: 'json' };
import invalid_nl from './invalid/nl.json' with { type: 'json' };
import invalid_ptBR from './invalid/pt-BR.json' with { type: 'json' };
import invalid_pl from './invalid/pl.json' with { type: 'json' };
import invalid_sv from './invalid/sv.json' with { type: 'json' };
import live_enGB from './live/en-GB.json' with { type: 'json' };
import live_enUS from './live/en-US.json' with { type: 'json' };
import live_de from './live/de.json' with { type: 'json' };
import live_fr from './live/fr.json' with { type: 'json' };
import live_es from './live/es.json' with { type: 'json' };
import live_it from './live/it.json' with { type: 'json' };
import live_nl from './live/nl.json' with { type: 'json' };
import live_ptBR from './live/pt-BR.json' with { type: 'json' };
import live_pl from './live/pl.json' with { type: 'json' };
import live_sv from './live/sv.json' with { type: 'json' };
import push_enGB from './push/en-GB.json' with { type: 'json' };
import push_enUS from './push/en-US.json' with { type: 'json' };
import push_de from './push/de.json' with { type: 'json' };
import push_fr from './push/fr.json' with { type: 'json' };
import push_es from './push/es.json' with { type: 'json' };
import push_it from './push/it.json' with { type: 'json' };
import push_nl from './push/nl.json' with { type: 'json' };
import push_ptBR from './push/pt-BR.json' with { type: 'json' };
import push_pl from './push/pl.json' with { type: 'json' };
import push_sv from './push/sv.json' with { type: 'json' };
import reminder_enGB from './reminder/en-GB.json' with { type: 'json' };
import reminder_enUS from './reminder/en-US.json' with { type: 'json' };
import reminder_de from './reminder/de.json' with { type: 'json' };
import reminder_fr from './reminder/fr.json' with { type: 'json' };
import reminder_es from './reminder/es.json' with { type: 'json' };
import reminder_it from './reminder/it.json' with { type: 'json' };
import reminder_nl from './reminder/nl.json' with { type: 'json' };
import reminder_ptBR from './reminder/pt-BR.json' with { type: 'json' };
import reminder_pl from './reminder/pl.json' with { type: 'json' };
import reminder_sv from './reminder/sv.json' with { type: 'json' };
import report_enGB from './report/en-GB.json' with { type: 'json' };
import report_enUS from './report/en-US.json' with { type: 'json' };
import report_de from './report/de.json' with { type: 'json' };
import report_fr from './report/fr.json' with { type: 'json' };
import report_es from './report/es.json' with { type: 'json' };
import report_it from './report/it.json' with { type: 'json' };
import report_nl from './report/nl.json' with { type: 'json' };
import report_ptBR from './report/pt-BR.json' with { type: 'json' };
import report_pl from './report/pl.json' with { type: 'json' };
import report_sv from './report/sv.json' with { type: 'json' };
import schema_enGB from './schema/en-GB.json' with { type: 'json' };
import schema_enUS from './schema/en-US.json' with { type: 'json' };
import schema_de from './schema/de.json' with { type: 'json' };
import schema_fr from './schema/fr.json' with { type: 'json' };
import schema_es from './schema/es.json' with { type: 'json' };
import schema_it from './schema/it.json' with { type: 'json' };
import schema_nl from './schema/nl.json' with { type: 'json' };
import schema_ptBR from './schema/pt-BR.json' with { type: 'json' };
import schema_pl from './schema/pl.json' with { type: 'json' };
import schema_sv from './schema/sv.json' with { type: 'json' };
import undo_enGB from './undo/en-GB.json' with { type: 'json' };
import undo_enUS from './undo/en-US.json' with { type: 'json' };
import undo_de from './undo/de.json' with { type: 'json' };
import undo_fr from './undo/fr.json' with { type: 'json' };
import undo_es from './undo/es.json' with { type: 'json' };
import undo_it from './undo/it.json' with { type: 'json' };
import undo_nl from './undo/nl.json' with { type: 'json' };
import undo_ptBR from './undo/pt-BR.json' with { type: 'json' };
import undo_pl from './undo/pl.json' with { type: 'json' };
import undo_sv from './undo/sv.json' with { type: 'json' };
import warning_enGB from './warning/en-GB.json' with { type: 'json' };
import warning_enUS from './warning/en-US.json' with { type: 'json' };
import warning_de from './warning/de.json' with { type: 'json' };
import warning_fr from './warning/fr.json' with { type: 'json' };
import warning_es from './warning/es.json' with { type: 'json' };
import warning_it from './warning/it.json' with { type: 'json' };
import warning_nl from './warning/nl.json' with { type: 'json' };
import warning_ptBR from './warning/pt-BR.json' with { type: 'json' };
import warning_pl from './warning/pl.json' with { type: 'json' };
import warning_sv from './warning/sv.json' with { type: 'json' };

/** Every message key: a namespace and the key in its British English file. */
export type MessageKey =
  | `ask.${Extract<keyof typeof ask_enGB, string>}`
  | `common.${Extract<keyof typeof common_enGB, string>}`
  | `error.${Extract<keyof typeof error_enGB, string>}`
  | `event.${Extract<keyof typeof event_enGB, string>}`
  | `guardrail.${Extract<keyof typeof guardrail_enGB, string>}`
  | `invalid.${Extract<keyof typeof invalid_enGB, string>}`
  | `live.${Extract<keyof typeof live_enGB, string>}`
  | `push.${Extract<keyof typeof push_enGB, string>}`
  | `reminder.${Extract<keyof typeof reminder_enGB, string>}`
  | `report.${Extract<keyof typeof report_enGB, string>}`
  | `schema.${Extract<keyof typeof schema_enGB, string>}`
  | `undo.${Extract<keyof typeof undo_enGB, string>}`
  | `warning.${Extract<keyof typeof warning_enGB, string>}`;

export const NAMESPACES = ["ask","common","error","event","guardrail","invalid","live","push","reminder","report","schema","undo","warning"] as const;

/** Per catalogue, its messages by full key ("namespace.key"). */
export const CATALOGUES: Readonly<Record<Catalogue, Readonly<Partial<Record<MessageKey, string>>>>> = {
  'en-GB': flat({ 'ask': ask_enGB, 'common': common_enGB, 'error': error_enGB, 'event': event_enGB, 'guardrail': guardrail_enGB, 'invalid': invalid_enGB, 'live': live_enGB, 'push': push_enGB, 'reminder': reminder_enGB, 'report': report_enGB, 'schema': schema_enGB, 'undo': undo_enGB, 'warning': warning_enGB }),
  'en-US': flat({ 'ask': ask_enUS, 'common': common_enUS, 'error': error_enUS, 'event': event_enUS, 'guardrail': guardrail_enUS, 'invalid': invalid_enUS, 'live': live_enUS, 'push': push_enUS, 'reminder': reminder_enUS, 'report': report_enUS, 'schema': schema_enUS, 'undo': undo_enUS, 'warning': warning_enUS }),
  'de': flat({ 'ask': ask_de, 'common': common_de, 'error': error_de, 'event': event_de, 'guardrail': guardrail_de, 'invalid': invalid_de, 'live': live_de, 'push': push_de, 'reminder': reminder_de, 'report': report_de, 'schema': schema_de, 'undo': undo_de, 'warning': warning_de }),
  'fr': flat({ 'ask': ask_fr, 'common': common_fr, 'error': error_fr, 'event': event_fr, 'guardrail': guardrail_fr, 'invalid': invalid_fr, 'live': live_fr, 'push': push_fr, 'reminder': reminder_fr, 'report': report_fr, 'schema': schema_fr, 'undo': undo_fr, 'warning': warning_fr }),
  'es': flat({ 'ask': ask_es, 'common': common_es, 'error': error_es, 'event': event_es, 'guardrail': guardrail_es, 'invalid': invalid_es, 'live': live_es, 'push': push_es, 'reminder': reminder_es, 'report': report_es, 'schema': schema_es, 'undo': undo_es, 'warning': warning_es }),
  'it': flat({ 'ask': ask_it, 'common': common_it, 'error': error_it, 'event': event_it, 'guardrail': guardrail_it, 'invalid': invalid_it, 'live': live_it, 'push': push_it, 'reminder': reminder_it, 'report': report_it, 'schema': schema_it, 'undo': undo_it, 'warning': warning_it }),
  'nl': flat({ 'ask': ask_nl, 'common': common_nl, 'error': error_nl, 'event': event_nl, 'guardrail': guardrail_nl, 'invalid': invalid_nl, 'live': live_nl, 'push': push_nl, 'reminder': reminder_nl, 'report': report_nl, 'schema': schema_nl, 'undo': undo_nl, 'warning': warning_nl }),
  'pt-BR': flat({ 'ask': ask_ptBR, 'common': common_ptBR, 'error': error_ptBR, 'event': event_ptBR, 'guardrail': guardrail_ptBR, 'invalid': invalid_ptBR, 'live': live_ptBR, 'push': push_ptBR, 'reminder': reminder_ptBR, 'report': report_ptBR, 'schema': schema_ptBR, 'undo': undo_ptBR, 'warning': warning_ptBR }),
  'pl': flat({ 'ask': ask_pl, 'common': common_pl, 'error': error_pl, 'event': event_pl, 'guardrail': guardrail_pl, 'invalid': invalid_pl, 'live': live_pl, 'push': push_pl, 'reminder': reminder_pl, 'report': report_pl, 'schema': schema_pl, 'undo': undo_pl, 'warning': warning_pl }),
  'sv': flat({ 'ask': ask_sv, 'common': common_sv, 'error': error_sv, 'event': event_sv, 'guardrail': guardrail_sv, 'invalid': invalid_sv, 'live': live_sv, 'push': push_sv, 'reminder': reminder_sv, 'report': report_sv, 'schema': schema_sv, 'undo': undo_sv, 'warning': warning_sv }),
};

function flat(byNamespace: Record<string, Record<string, string>>): Partial<Record<MessageKey, string>> {
  const all: Record<string, string> = {};
  for (const [ns, messages] of Object.entries(byNamespace)) for (const [k, v] of Object.entries(messages)) all[`${ns}.${k}`] = v;
  return all as Partial<Record<MessageKey, string>>;
}
