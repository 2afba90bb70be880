// Written by scripts/i18n-index.mjs from the files beside it: do not edit by hand.
import type { Catalogue } from '../languages.ts';
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
  | `common.${Extract<keyof typeof common_enGB, string>}`
  | `error.${Extract<keyof typeof error_enGB, string>}`
  | `live.${Extract<keyof typeof live_enGB, string>}`;

export const NAMESPACES = ["common","error","live"] as const;

/** Per catalogue, its messages by full key ("namespace.key"). */
export const CATALOGUES: Readonly<Record<Catalogue, Readonly<Partial<Record<MessageKey, string>>>>> = {
  'en-GB': flat({ 'common': common_enGB, 'error': error_enGB, 'live': live_enGB }),
  'en-US': flat({ 'common': common_enUS, 'error': error_enUS, 'live': live_enUS }),
  'de': flat({ 'common': common_de, 'error': error_de, 'live': live_de }),
  'fr': flat({ 'common': common_fr, 'error': error_fr, 'live': live_fr }),
  'es': flat({ 'common': common_es, 'error': error_es, 'live': live_es }),
  'it': flat({ 'common': common_it, 'error': error_it, 'live': live_it }),
  'nl': flat({ 'common': common_nl, 'error': error_nl, 'live': live_nl }),
  'pt-BR': flat({ 'common': common_ptBR, 'error': error_ptBR, 'live': live_ptBR }),
  'pl': flat({ 'common': common_pl, 'error': error_pl, 'live': live_pl }),
  'sv': flat({ 'common': common_sv, 'error': error_sv, 'live': live_sv }),
};

function flat(byNamespace: Record<string, Record<string, string>>): Partial<Record<MessageKey, string>> {
  const all: Record<string, string> = {};
  for (const [ns, messages] of Object.entries(byNamespace)) for (const [k, v] of Object.entries(messages)) all[`${ns}.${k}`] = v;
  return all as Partial<Record<MessageKey, string>>;
}
