import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@service-hub/contracts';
import { changeLanguage } from '../../lib/i18n';

/** Picks the UI language; each option is written in its own language. */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      label={compact ? undefined : t('common.language')}
      aria-label={compact ? t('common.language') : undefined}
      value={i18n.language}
      onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      data={LANGUAGES.map((language) => ({ value: language, label: t(`common.languages.${language}`) }))}
      size={compact ? 'xs' : 'sm'}
    />
  );
}
