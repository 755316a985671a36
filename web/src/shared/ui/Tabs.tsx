import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface Tab<Key extends string> {
  key: Key;
  label: string;
  render(): ReactNode;
}

interface TabsProps<Key extends string> {
  tabs: readonly Tab<Key>[];
  selected: Key;
  onSelect(key: Key): void;
  label: string;
}

/**
 * WAI-ARIA tabs: one tab stop for the tab list, arrow keys (and Home/End) move between tabs and
 * select them, Tab moves on into the panel. Only the selected panel is rendered, so a tab's data loads
 * when it is first opened (the admin's sections, the dashboard's document lists).
 */
export function Tabs<Key extends string>({ tabs, selected, onSelect, label }: TabsProps<Key>) {
  const id = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${id}-tab-${key}`;
  const panelId = (key: Key) => `${id}-panel-${key}`;
  const current = tabs.find((tab) => tab.key === selected) ?? tabs[0];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === current.key);
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next].key);
    tabRefs.current.get(tabs[next].key)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.key === current.key;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={active}
              aria-controls={panelId(tab.key)}
              tabIndex={active ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(current.key)}
        aria-labelledby={tabId(current.key)}
        tabIndex={0}
        className={styles.panel}
      >
        {current.render()}
      </div>
    </div>
  );
}
