// Shapes of /api/vega/preferences (issue 39): one caregiver's language and formats, on every
// device they sign in on. GET answers every key with the supported languages; POST takes any
// subset of the three keys (null: back to the browser's language or the language's usual).
import { z } from 'zod';
import { HOUR_CYCLES, LANGUAGES, WEEK_STARTS } from '../i18n/languages.ts';

const Language = z.enum(LANGUAGES).nullable().describe('a supported language tag (`languages` lists them); null: the language the browser asks for (Accept-Language), else English');
const HourCycle = z.enum(HOUR_CYCLES).nullable().describe("h12 (2:05 PM) or h23 (14:05); null: the language's usual");
const WeekStart = z.enum(WEEK_STARTS).nullable().describe("the first day of a week in charts and the report; null: the language's usual");

export const PreferencesUpdate = z
  .strictObject({ language: Language.optional(), hour_cycle: HourCycle.optional(), week_start: WeekStart.optional() })
  .meta({ id: 'PreferencesUpdate' });

export const Preferences = z
  .object({
    language: Language,
    hour_cycle: HourCycle,
    week_start: WeekStart,
    languages: z
      .array(z.object({ tag: z.enum(LANGUAGES), name: z.string().describe('the language in its own words ("Deutsch", "Polski")') }))
      .describe('every language the service and the web app speak'),
    in_effect: z
      .object({
        language: z.enum(LANGUAGES),
        hour_cycle: z.enum(HOUR_CYCLES),
        week_start: z.enum(WEEK_STARTS),
      })
      .describe("what this request's answers are written in: the saved choices, else the browser's language and that language's usual formats"),
  })
  .meta({ id: 'Preferences' });
