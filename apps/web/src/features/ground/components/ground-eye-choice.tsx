import { concealmentText, observerNames, observers, viewingDistances } from '@camo/shared/concealment';
import { groundText } from '@camo/shared/ground';
import { ChoiceGroup } from '@/components/concealment/choice-group';
import type { GroundEye } from '../lib/ground-params';

/** Who the person hides from (a deer or a person) and how far: the choice every page remembers. */
export function GroundEyeChoice({ eye, onChange }: { eye: GroundEye; onChange: (eye: GroundEye) => void }) {
  return (
    <div className="flex flex-wrap gap-x-8 gap-y-4">
      <ChoiceGroup
        label={groundText.hideFrom}
        value={eye.observer}
        options={observers.map((o) => ({ value: o, label: observerNames[o].label }))}
        onChange={(observer) => onChange({ ...eye, observer })}
      />
      <ChoiceGroup
        label={groundText.distance}
        value={eye.distance}
        options={viewingDistances.map((d) => ({ value: d, label: concealmentText.metres(d) }))}
        onChange={(distance) => onChange({ ...eye, distance })}
      />
    </div>
  );
}
