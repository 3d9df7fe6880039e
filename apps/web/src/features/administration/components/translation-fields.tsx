import { Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@service-hub/contracts';

/** Every language's text of a field; English required, the others may stay empty. */
export type LocalizedValues = Record<Language, string>;

export const emptyLocalized = (): LocalizedValues =>
  Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as LocalizedValues;

/** The request's form of a field: English, and only the languages written. */
export const toLocalizedRequest = (values: LocalizedValues) =>
  ({
    ...Object.fromEntries(LANGUAGES.filter((l) => values[l].trim() !== '').map((l) => [l, values[l]])),
    'en-SE': values['en-SE'],
  }) as { 'en-SE': string } & Partial<Record<Language, string>>;

export const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== 'en-SE');

type TranslationFieldsProps<Values> = {
  form: UseFormReturnType<Values>;
  /** The localized fields to show per language: a title (one line) and/or a message. */
  fields: readonly { path: string; label: string; multiline?: boolean }[];
};

/**
 * The optional translations of what an administrator writes, one group per language, behind a
 * disclosure: English alone is enough, and readers see it when their language is missing.
 */
export function TranslationFields<Values>({ form, fields }: TranslationFieldsProps<Values>) {
  const { t } = useTranslation();
  const disclosure = useRef<HTMLDetailsElement>(null);
  const hasError = OTHER_LANGUAGES.some((language) =>
    fields.some(({ path }) => form.errors[`${path}.${language}`] !== undefined),
  );
  // A refused translation must be seen: its group opens (and stays as the administrator leaves it).
  useEffect(() => {
    if (hasError && disclosure.current) disclosure.current.open = true;
  }, [hasError]);
  return (
    <details ref={disclosure}>
      <summary>
        <Text component="span" fw={600}>
          {t('administration.status.translations')}
        </Text>
      </summary>
      <Text size="sm" c="dimmed" mt="xs">
        {t('administration.status.translationsHelp')}
      </Text>
      <Stack mt="sm">
        {OTHER_LANGUAGES.map((language) => (
          <Stack key={language} gap="xs" component="fieldset">
            <legend>{t(`common.languages.${language}`)}</legend>
            {fields.map(({ path, label, multiline }) => {
              // The text is in that language; the label and legend are in the reader's.
              const props = {
                label: t(label),
                lang: language,
                ...form.getInputProps(`${path}.${language}`),
              };
              return multiline ? (
                <Textarea key={path} autosize minRows={2} {...props} />
              ) : (
                <TextInput key={path} {...props} />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </details>
  );
}
