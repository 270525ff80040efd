// Settings in parts (backends, models, run defaults, costs, OCR languages) with a side navigation
// that follows the scroll; another screen can open it at one part (ui-store's openSettings).
import { useEffect, useRef, type ReactNode } from 'react';
import { dismissSettingsError, useSettingsStore } from '../../stores/settings-store.ts';
import { SETTINGS_SECTIONS, useUiStore, type SettingsSection } from '../../stores/ui-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { ModelsSection } from '../models/models-section.tsx';
import { BackendsSection } from './backends-section.tsx';
import { CostLimitForm } from './cost-limit-form.tsx';
import { DefaultsForm } from './defaults-form.tsx';
import { OcrLanguages } from './ocr-languages.tsx';
import { SettingsNav, partId, showPart, useCurrentPart } from './settings-nav.tsx';

const PARTS: Record<SettingsSection, () => ReactNode> = {
  backends: () => <BackendsSection />,
  models: () => <ModelsSection />,
  defaults: () => <DefaultsForm />,
  costs: () => <CostLimitForm />,
  ocr: () => <OcrLanguages />,
};

export function SettingsScreen() {
  const error = useSettingsStore((s) => s.error);
  const asked = useUiStore((s) => s.settingsSection);
  const body = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useCurrentPart(body);
  useEffect(() => {
    // A deep link: bring the part asked for into view once it is on the page, then forget it.
    if (asked === null) return;
    showPart(asked);
    setCurrent(asked);
    useUiStore.setState({ settingsSection: null });
  }, [asked, setCurrent]);
  return (
    <div className="screen settings">
      <h1>Settings</h1>
      {error ? <ErrorBanner error={error} onDismiss={dismissSettingsError} /> : null}
      <div className="settings-layout">
        <SettingsNav
          current={current}
          onGo={(section) => {
            showPart(section);
            setCurrent(section);
          }}
        />
        <div className="settings-body" ref={body}>
          {SETTINGS_SECTIONS.map(({ id }) => (
            <div key={id} id={partId(id)} className="settings-part" tabIndex={-1}>
              {PARTS[id]()}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
