import { ComingSoon } from '@/components/ui/coming-soon';

export default function DesignerPage() {
  return (
    <ComingSoon
      eyebrow="Designer profile"
      title="Designer Profile"
      description="A designer's page with every pattern they've submitted, how long they've been a member and how their designs are doing. Coming soon."
      checklist={[
        'Member since date',
        'All of their submitted designs',
        'Vote counts per design',
        'Edit your own profile',
      ]}
    />
  );
}
