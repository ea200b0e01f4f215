import { countiesOf, searchCounties } from '@camo/shared/counties';
import { searchStates, stateName, type StateCode } from '@camo/shared/states';
import { useState, type ReactNode } from 'react';
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';

/**
 * Spec §5: the state search matches name or code, case-insensitive, and choosing a state resets
 * the county; the county list is disabled until a state is chosen and filtered by the typed text.
 */
export function LocationFields({
  state,
  county,
  onStateChange,
  onCountyChange,
  isDisabled,
}: {
  state: StateCode | null;
  county: string;
  onStateChange: (state: StateCode | null) => void;
  onCountyChange: (county: string) => void;
  isDisabled?: boolean;
}) {
  const [stateText, setStateText] = useState(() => (state ? (stateName(state) ?? '') : ''));
  const [countyText, setCountyText] = useState(county);
  const selectedStateName = state ? stateName(state) : undefined;
  // Showing the chosen state's name means "show me them all" when the list opens again.
  const states = stateText === selectedStateName ? searchStates('') : searchStates(stateText);
  const countyItems = !state
    ? []
    : countyText === county
      ? countiesOf(state)
      : searchCounties(state, countyText);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <ComboBox
        className="flex flex-col gap-2"
        // Typed text that matches nothing shows "No state matches that." rather than nothing.
        allowsEmptyCollection
        items={states.map((s) => ({ id: s.code, name: s.name }))}
        selectedKey={state}
        inputValue={stateText}
        onInputChange={(text) => {
          setStateText(text);
          if (text === '' && state) {
            onStateChange(null);
            setCountyText('');
          }
        }}
        onSelectionChange={(key: Key | null) => {
          const code = (key as StateCode | null) ?? null;
          if (code === state) return;
          onStateChange(code);
          setStateText(code ? (stateName(code) ?? '') : '');
          // A new state resets the county.
          setCountyText('');
        }}
        isRequired
        isDisabled={isDisabled}
        menuTrigger="focus"
      >
        <Label className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">State</Label>
        <ComboField placeholder="Search by name or code, e.g. AZ" />
        <Text slot="description" className="text-sm text-sage">
          Where the photo was taken.
        </Text>
        <OptionsPopover empty="No state matches that.">
          {(item: { id: string; name: string }) => (
            <Option id={item.id} textValue={item.name}>
              <span>{item.name}</span>
              <span className="font-condensed text-sm font-bold text-sage">{item.id}</span>
            </Option>
          )}
        </OptionsPopover>
      </ComboBox>

      <ComboBox
        allowsEmptyCollection
        className="flex flex-col gap-2"
        items={countyItems.map((name) => ({ id: name }))}
        selectedKey={county || null}
        inputValue={countyText}
        onInputChange={(text) => {
          setCountyText(text);
          if (text === '' && county) onCountyChange('');
        }}
        onSelectionChange={(key: Key | null) => {
          const name = key === null ? '' : String(key);
          onCountyChange(name);
          setCountyText(name);
        }}
        isDisabled={isDisabled || !state}
        menuTrigger="focus"
      >
        <Label className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          County{' '}
          <span className="text-base font-semibold normal-case tracking-normal text-sage">(optional)</span>
        </Label>
        <ComboField placeholder={state ? 'Search counties' : 'Choose a state first'} />
        <Text slot="description" className="text-sm text-sage">
          {state
            ? `Any of ${stateName(state)}'s ${countiesOf(state).length} counties.`
            : 'Choose a state first.'}
        </Text>
        <OptionsPopover empty="No county matches that.">
          {(item: { id: string }) => <Option id={item.id}>{item.id}</Option>}
        </OptionsPopover>
      </ComboBox>
    </div>
  );
}

function ComboField({ placeholder }: { placeholder: string }) {
  return (
    <div className="relative">
      <Input placeholder={placeholder} className="field-input pr-11" />
      <Button className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center text-sage outline-none hover:text-bone data-[disabled]:cursor-not-allowed data-[focus-visible]:text-blaze">
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
    </div>
  );
}

function OptionsPopover<T extends object>({
  empty,
  children,
}: {
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <Popover className="w-(--trigger-width) overflow-auto rounded-md border-2 border-olive-500 bg-bark shadow-2xl shadow-night/70 outline-none">
      <ListBox<T>
        className="max-h-72 overflow-auto p-1 outline-none"
        renderEmptyState={() => <p className="px-3 py-2 text-sage">{empty}</p>}
      >
        {children}
      </ListBox>
    </Popover>
  );
}

function Option({ id, textValue, children }: { id: string; textValue?: string; children: ReactNode }) {
  return (
    <ListBoxItem
      id={id}
      textValue={textValue ?? id}
      className="flex cursor-pointer items-center justify-between gap-3 rounded px-3 py-2 text-bone outline-none data-[focused]:bg-olive-700 data-[selected]:font-semibold data-[selected]:text-blaze"
    >
      {children}
    </ListBoxItem>
  );
}
