import type { TBox, TVatPreview } from '@docket/schemas/mtd';

export const BOX_NAMES: Record<TBox, string> = {
  box1: 'Box 1: VAT due on sales',
  box2: 'Box 2: VAT due on acquisitions from the EU',
  box3: 'Box 3: total VAT due',
  box4: 'Box 4: VAT reclaimed on purchases',
  box5: 'Box 5: net VAT to pay or reclaim',
  box6: 'Box 6: total sales excluding VAT',
  box7: 'Box 7: total purchases excluding VAT',
  box8: 'Box 8: supplies of goods to the EU',
  box9: 'Box 9: acquisitions of goods from the EU',
};

export const boxValues = (b: Omit<TVatPreview['body'], 'finalised'>): Record<TBox, number> => ({
  box1: b.vatDueSales,
  box2: b.vatDueAcquisitions,
  box3: b.totalVatDue,
  box4: b.vatReclaimedCurrPeriod,
  box5: b.netVatDue,
  box6: b.totalValueSalesExVAT,
  box7: b.totalValuePurchasesExVAT,
  box8: b.totalValueGoodsSuppliedExVAT,
  box9: b.totalAcquisitionsExVAT,
});
