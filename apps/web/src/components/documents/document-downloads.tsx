import { Download, FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openPdfPreview } from './open-pdf-preview';
import { downloadFile } from './download-file';

/** Open the PDF; download it, its UBL (Peppol BIS 3) and its Factur-X PDF (invoices and credit notes). */
export function DocumentDownloads({
  basePath,
  number,
  einvoice,
  withOpen = true,
}: {
  basePath: string;
  number: string;
  einvoice: { ubl: boolean; facturx: boolean };
  /** false when the page's primary action already opens the PDF */
  withOpen?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      {withOpen && (
        <Button variant="outline" onClick={() => void openPdfPreview(`${basePath}/preview`)} className="justify-start">
          <FileText aria-hidden="true" className="h-4 w-4" />
          Open PDF
        </Button>
      )}
      <Button variant="outline" onClick={() => void downloadFile(`${basePath}/preview`, `${number}.pdf`)} className="justify-start">
        <Download aria-hidden="true" className="h-4 w-4" />
        Download PDF
      </Button>
      {einvoice.ubl && (
        <Button variant="outline" onClick={() => void downloadFile(`${basePath}/ubl`, `${number}.xml`)} className="justify-start">
          <Download aria-hidden="true" className="h-4 w-4" />
          Download UBL (e-invoice)
        </Button>
      )}
      {einvoice.facturx && (
        <Button variant="outline" onClick={() => void downloadFile(`${basePath}/preview?format=facturx`, `${number}-facturx.pdf`)} className="justify-start">
          <Download aria-hidden="true" className="h-4 w-4" />
          Download Factur-X
        </Button>
      )}
    </div>
  );
}
