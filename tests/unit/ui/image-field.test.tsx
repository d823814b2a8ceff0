import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { snackbars } from '../../../src/state/snackbar';
import { ImageField } from '../../../src/ui/ImageField';
import { CROP, clampZoom } from '../../../src/ui/image-crop/constants';
import { outputSize } from '../../../src/ui/image-crop/cropImage';
import { renderAt } from '../features/auth/render';

const messages = () => snackbars.items.map((s) => `${s.severity}:${s.message}`);

afterEach(() => {
  snackbars.items = [];
});

describe('crop limits (spec 2 §9)', () => {
  it('keeps the zoom between 1 and 3 on steps of 0.1', () => {
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(9)).toBe(3);
    expect(clampZoom(1.26)).toBe(1.3);
    expect(clampZoom(1 + 0.1 + 0.1)).toBe(1.2);
    expect(CROP.outputType).toBe('image/webp');
  });

  it('never exports larger than the source nor than the longest side allowed', () => {
    expect(outputSize(800, 450)).toEqual({ width: 800, height: 450 });
    expect(outputSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(1000, 4000)).toEqual({ width: 480, height: 1920 });
  });
});

describe('ImageField', () => {
  const upload = vi.fn(async () => 'f-new');
  it('clears an image: onChange(null), the remove call and "Image removed successfully!"', async () => {
    const onChange = vi.fn();
    const remove = vi.fn().mockResolvedValue(undefined);
    renderAt(<ImageField upload={upload} label="Logo" value="f-1" aspect={16 / 9} onChange={onChange} remove={remove} data-testid="logo" />);
    fireEvent.click(screen.getByTestId('logo-clear'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(null));
    expect(remove).toHaveBeenCalledWith('f-1');
    expect(messages()).toEqual(['success:Image removed successfully!']);
  });

  it('keeps the image and says "Failed to remove image" when the removal fails', async () => {
    const onChange = vi.fn();
    renderAt(<ImageField upload={upload} label="Logo" value="f-1" aspect={16 / 9} onChange={onChange} remove={() => Promise.reject(new Error('x'))} data-testid="logo" />);
    fireEvent.click(screen.getByTestId('logo-clear'));
    await waitFor(() => expect(messages()).toEqual(['error:Failed to remove image']));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image before any crop', () => {
    const onChange = vi.fn();
    renderAt(<ImageField upload={upload} label="Banner" value={null} aspect={3} onChange={onChange} data-testid="banner" />);
    expect(screen.getByText('No image')).toBeTruthy();
    const input = screen.getByTestId('banner-input') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(messages()).toEqual(['error:Choose an image file (JPEG, PNG, WebP or GIF)']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the crop dialog with the zoom slider for an image file', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
    renderAt(<ImageField upload={upload} label="Banner" value={null} aspect={3} onChange={vi.fn()} data-testid="banner" />);
    fireEvent.change(screen.getByTestId('banner-input'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    const zoom = await screen.findByTestId('image-crop-zoom') as HTMLInputElement;
    expect([zoom.min, zoom.max, zoom.step]).toEqual(['1', '3', '0.1']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('image-crop-zoom')).toBeNull());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:chosen');
  });
});
