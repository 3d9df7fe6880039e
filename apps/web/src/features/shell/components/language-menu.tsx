import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@service-hub/contracts';
import type { OpenOnLoad } from '../../../components/ui/deferred/deferred';
import { changeLanguage } from '../../../lib/i18n';
import { LanguageMenuButton } from './language-menu-button';

/** The header's language selector; each language is named in itself. Loaded after the first paint. */
export function LanguageMenu({ openOnLoad }: OpenOnLoad) {
  const { t, i18n } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" defaultOpened={openOnLoad}>
      <Menu.Target>
        <LanguageMenuButton />
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
