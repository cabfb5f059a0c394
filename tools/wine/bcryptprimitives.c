/* A stand-in bcryptprimitives.dll for testing bramble.exe under Wine 8, which lacks it.
 * Rust's standard library on Windows 10+ gets its random bytes (the seeds of HashMap)
 * from ProcessPrng in bcryptprimitives.dll; without the DLL the exe does not start.
 * This one forwards to RtlGenRandom (SystemFunction036 in advapi32), which Wine has.
 * tools/wine_test.sh builds it beside the exe in its test folder only: real Windows has
 * the DLL, and releases never ship this one. */
#include <windows.h>

/* RtlGenRandom: advapi32 exports it under this name only. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

/* Windows documents ProcessPrng as always returning TRUE; a failure here is fatal to the
 * caller anyway, so it is reported as FALSE rather than hidden. */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
