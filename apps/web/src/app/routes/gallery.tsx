import { ComingSoon } from '@/components/ui/coming-soon';

export default function GalleryPage() {
  return (
    <ComingSoon
      eyebrow="Community gallery"
      title="Gallery"
      description="Every pattern the community submits, sortable by votes or by date and filterable by state, year and month. The gallery opens soon."
      checklist={[
        'Most Popular and Most Recent sorting',
        'State, year and month filters',
        'Vote once per design',
        'Rank badges for the top patterns',
      ]}
    />
  );
}
