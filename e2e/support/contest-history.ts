/** What e2e/scripts/contest-history.ts puts in last month's contest, for the contest test. */
export const contestHistory = {
  winnerName: 'Last Month Champion',
  runnerUpName: 'Last Month Runner-up',
  designerName: 'Contest Veteran',
};
