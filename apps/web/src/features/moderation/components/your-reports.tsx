import { reportOutcome, reportReasonLabel } from '@camo/shared/moderation';
import { Link } from 'react-router';
import { LocalDate } from '@/components/ui/local-date';
import { useMyReports } from '../api/moderation';

/** On /profile: what the person reported and what the moderators did about it. */
export function YourReports() {
  const reports = useMyReports();
  // Most people never report anything: the section appears only when there is something to say.
  if (!reports.data || reports.data.reports.length === 0) return null;
  return (
    <section aria-labelledby="your-reports-title" className="flex max-w-3xl flex-col gap-4">
      <h2 id="your-reports-title" className="stencil-heading text-3xl text-bone">
        Your Reports
      </h2>
      <ul className="flex flex-col gap-3">
        {reports.data.reports.map((report) => (
          <li key={report.id} className="card flex flex-col gap-1 p-4">
            <p className="text-bone">
              {report.targetType === 'design' ? 'Design ' : 'Comment '}
              <Link to={`/gallery/${report.designId}`} className="text-link">
                {report.targetLabel}
              </Link>
              : {reportReasonLabel(report.reason)}
            </p>
            <p className="text-sm text-sage">
              Reported <LocalDate iso={report.createdAt} />.{' '}
              <strong className={report.status === 'open' ? 'text-sage' : 'text-bone'}>
                {reportOutcome(report.status)}
              </strong>
              {report.resolvedAt && (
                <>
                  {' '}
                  on <LocalDate iso={report.resolvedAt} />
                </>
              )}
              .
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
