import { Button, Text } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The language menu's button, also shown alone until the menu's code has loaded. */
export function LanguageMenuButton(button: ComponentPropsWithRef<'button'>) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="sm"
      px={6}
      aria-label={t('common.languageMenu', { language: t(`common.languages.${i18n.language}`) })}
      {...button}
    >
      {/* The icon is content, not a left section: on phones, where the name hides, the
          section's gap would still take room the header's title needs. */}
      <IconLanguage size={18} aria-hidden />
      <Text span size="sm" ml={8} visibleFrom="sm">
        {t(`common.languages.${i18n.language}`)}
      </Text>
    </Button>
  );
}
