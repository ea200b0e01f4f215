import { lightNames, shapesText } from '@camo/shared/shapes';
import { lights, type Light } from '@camo/shared/vocabulary';
import { ChoiceGroup } from './choice-group';

/** "Light": daylight, or dawn or dusk (decision 034). */
export function LightChoice({ light, onChange }: { light: Light; onChange: (light: Light) => void }) {
  return (
    <ChoiceGroup
      label={shapesText.lightLabel}
      value={light}
      options={lights.map((l) => ({ value: l, label: lightNames[l].label }))}
      onChange={onChange}
    />
  );
}
