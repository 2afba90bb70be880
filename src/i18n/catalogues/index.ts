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

/** Every message key: a namespace and the key in its British English file. */
export type MessageKey =
  | `ask.${Extract<keyof typeof ask_enGB, string>}`
  | `common.${Extract<keyof typeof common_enGB, string>}`
  | `error.${Extract<keyof typeof error_enGB, string>}`
  | `guardrail.${Extract<keyof typeof guardrail_enGB, string>}`
  | `live.${Extract<keyof typeof live_enGB, string>}`;

export const NAMESPACES = ["ask","common","error","guardrail","live"] as const;

/** Per catalogue, its messages by full key ("namespace.key"). */
export const CATALOGUES: Readonly<Record<Catalogue, Readonly<Partial<Record<MessageKey, string>>>>> = {
  'en-GB': flat({ 'ask': ask_enGB, 'common': common_enGB, 'error': error_enGB, 'guardrail': guardrail_enGB, 'live': live_enGB }),
  'en-US': flat({ 'ask': ask_enUS, 'common': common_enUS, 'error': error_enUS, 'guardrail': guardrail_enUS, 'live': live_enUS }),
  'de': flat({ 'ask': ask_de, 'common': common_de, 'error': error_de, 'guardrail': guardrail_de, 'live': live_de }),
  'fr': flat({ 'ask': ask_fr, 'common': common_fr, 'error': error_fr, 'guardrail': guardrail_fr, 'live': live_fr }),
  'es': flat({ 'ask': ask_es, 'common': common_es, 'error': error_es, 'guardrail': guardrail_es, 'live': live_es }),
  'it': flat({ 'ask': ask_it, 'common': common_it, 'error': error_it, 'guardrail': guardrail_it, 'live': live_it }),
  'nl': flat({ 'ask': ask_nl, 'common': common_nl, 'error': error_nl, 'guardrail': guardrail_nl, 'live': live_nl }),
  'pt-BR': flat({ 'ask': ask_ptBR, 'common': common_ptBR, 'error': error_ptBR, 'guardrail': guardrail_ptBR, 'live': live_ptBR }),
  'pl': flat({ 'ask': ask_pl, 'common': common_pl, 'error': error_pl, 'guardrail': guardrail_pl, 'live': live_pl }),
  'sv': flat({ 'ask': ask_sv, 'common': common_sv, 'error': error_sv, 'guardrail': guardrail_sv, 'live': live_sv }),
};

function flat(byNamespace: Record<string, Record<string, string>>): Partial<Record<MessageKey, string>> {
  const all: Record<string, string> = {};
  for (const [ns, messages] of Object.entries(byNamespace)) for (const [k, v] of Object.entries(messages)) all[`${ns}.${k}`] = v;
  return all as Partial<Record<MessageKey, string>>;
}
