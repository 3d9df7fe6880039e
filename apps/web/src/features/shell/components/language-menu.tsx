import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@service-hub/contracts';
import { changeLanguage } from '../../../lib/i18n';

/** The header's language selector; each language is named in itself. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          size="sm"
          px={6}
          aria-label={t('common.languageMenu', { language: t(`common.languages.${i18n.language}`) })}
        >
          {/* The icon is content, not a left section: on phones, where the name hides, the
              section's gap would still take room the header's title needs. */}
          <IconLanguage size={18} aria-hidden />
          <Text span size="sm" ml={8} visibleFrom="sm">
            {t(`common.languages.${i18n.language}`)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void changeLanguage(language)}
            rightSection={language === i18n.language ? <IconCheck size={14} aria-hidden /> : undefined}
            aria-current={language === i18n.language ? 'true' : undefined}
          >
            {t(`common.languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
