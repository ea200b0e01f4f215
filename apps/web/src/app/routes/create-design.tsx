import { ComingSoon } from '@/components/ui/coming-soon';

export default function CreateDesignPage() {
  return (
    <ComingSoon
      eyebrow="Create a design"
      title="Create a Design"
      description="Upload a photo of your ground, describe it, pick your state and county, and get two camouflage designs made for it. This is the next thing we're building."
      checklist={[
        'Upload an environment photo (location data stripped)',
        'Two designs generated side by side',
        'One text-driven edit per design',
        'Name it and submit it to the gallery',
      ]}
    />
  );
}
