import { useTranslate } from 'react-admin';
import { EmptyPreview } from '../shared/EmptyPreview';
import { SafeFrame } from '../shared/SafeFrame';
import { textOf, type PartPreviewProps } from '../types';
import { typeformAddressOf } from './typeform';

export function FromTypeformPreview({ content }: PartPreviewProps) {
  const translate = useTranslate();
  const address = typeformAddressOf(textOf(content.formId), textOf(content.url));
  if (!address) return <EmptyPreview />;
  return <SafeFrame src={address} title={translate('app.parts.preview.typeform')} height={500} />;
}
