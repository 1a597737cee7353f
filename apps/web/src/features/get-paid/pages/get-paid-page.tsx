import { Skeleton, Stack } from '@mantine/core';
import { findSection } from '../../../app/paths/admin-sections';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { useMerchant } from '../api/get-paid';
import { MerchantForm } from '../components/merchant-form';
import { MerchantStatus } from '../components/merchant-status';

/**
 * "Get paid" (issue 34 item 1, decision 049): the studio's merchant account at the card processor, its
 * state (none, under review, approved, or not approved with the processor's reasons), and the form that
 * opens it, or sends it again after a rejection.
 */
export function GetPaidPage() {
  const section = findSection('myStudio/get-paid');
  const merchant = useMerchant();
  return (
    <Stack gap="lg">
      <PageHeader title={section.title} description={section.description} />
      {merchant.isPending ? (
        <Skeleton h={320} radius="lg" />
      ) : merchant.isError ? (
        <LoadError onRetry={() => merchant.refetch()} />
      ) : (
        <>
          <MerchantStatus merchant={merchant.data} />
          {(merchant.data.state === 'none' || merchant.data.state === 'rejected') && (
            <MerchantForm again={merchant.data.state === 'rejected'} />
          )}
        </>
      )}
    </Stack>
  );
}
