// The nested properties of a product or template, each with its options, edited as nested lists (react-admin's
// ArrayInput + SimpleFormIterator). Option prices are cents in the API and yuan on screen, like the product's.
import { ArrayInput, BooleanInput, NumberInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';

const yuanFormat = (v: number | null | undefined) => (v == null ? null : v / 100);
const centsParse = (v: string | number | null) => (v === '' || v == null ? null : Math.round(Number(v) * 100));

export function PropertiesInput({ source = 'properties' }: { source?: string }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`vf.catalog.form.${k}`);
  return (
    <Box sx={{ width: '100%' }} data-testid="properties-input">
      <Typography variant="subtitle1" sx={{ mt: 1 }}>
        {t('properties')}
      </Typography>
      <ArrayInput source={source} label={false} helperText={false}>
        <SimpleFormIterator
          disableReordering={false}
          fullWidth
          sx={{ '& .RaSimpleFormIterator-line': { borderBottom: '1px solid #eee', pb: 1 } }}
        >
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextInput source="code" label={t('property_code')} helperText={false} sx={{ width: 180 }} />
            <TextInput source="name" label={t('property_name')} helperText={false} sx={{ width: 200 }} />
            <BooleanInput source="hide" label={t('property_hide')} helperText={false} defaultValue={false} />
          </Box>
          <Box sx={{ pl: 3, width: '100%' }}>
            <Typography variant="body2" color="text.secondary">
              {t('options')}
            </Typography>
            <ArrayInput source="options" label={false} helperText={false}>
              <SimpleFormIterator inline disableReordering={false}>
                <TextInput source="code" label={t('option_code')} helperText={false} sx={{ width: 150 }} />
                <TextInput source="name" label={t('option_name')} helperText={false} sx={{ width: 170 }} />
                <NumberInput
                  source="price"
                  label={t('option_price')}
                  helperText={false}
                  step={0.01}
                  format={yuanFormat}
                  parse={centsParse}
                  defaultValue={0}
                  sx={{ width: 130 }}
                />
                <TextInput source="type" label={t('option_type')} helperText={false} sx={{ width: 130 }} />
              </SimpleFormIterator>
            </ArrayInput>
          </Box>
        </SimpleFormIterator>
      </ArrayInput>
    </Box>
  );
}
