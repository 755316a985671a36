import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Documents.module.css';

export interface DocumentTab<Key extends string> {
  key: Key;
  label: string;
  render(): ReactNode;
}

interface DocumentTabsProps<Key extends string> {
  tabs: readonly DocumentTab<Key>[];
  selected: Key;
  onSelect(key: Key): void;
  label: string;
}

/**
 * WAI-ARIA tabs: one tab stop for the list, arrow keys (and Home/End) move between tabs and select
 * them. Only the selected panel is rendered, so a library loads when its tab is first opened.
 */
export function DocumentTabs<Key extends string>({ tabs, selected, onSelect, label }: DocumentTabsProps<Key>) {
  const id = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());
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
              id={`${id}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${tab.key}`}
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
        id={`${id}-panel-${current.key}`}
        aria-labelledby={`${id}-tab-${current.key}`}
        tabIndex={0}
        className={styles.panel}
      >
        {current.render()}
      </div>
    </div>
  );
}
