/* Reset entry of the vexcrypt firmware: the CPU starts here (main RAM base, or the address the
 * LiteX BIOS jumps to after a serial boot). Stack, gp and bss, trap vector, then main(). */
  .section .text.start, "ax"
  .global _start
_start:
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  la sp, _stack_top
  la t0, trap_entry
  csrw mtvec, t0
  la t0, _bss_start
  la t1, _bss_end
1:
  bgeu t0, t1, 2f
  sw zero, 0(t0)
  addi t0, t0, 4
  j 1b
2:
  call main
  call vc_exit
3:
  j 3b

/* int plat_call(int (*fn)(void *), void *arg): fn(arg) on the measurement stack, so a timed
 * call's frames sit at the same addresses (the same data-cache sets) wherever it is called from:
 * the benchmarks and the oracle measure the same thing. */
  .section .text.hot.bench, "ax"
  .global plat_call
plat_call:
  la t0, _meas_stack_top
  addi t0, t0, -16
  sw ra, 12(t0)
  sw sp, 8(t0)
  mv sp, t0
  mv t1, a0
  mv a0, a1
  jalr t1
  lw ra, 12(sp)
  lw sp, 8(sp)
  ret

/* Any trap is fatal in this firmware (no interrupts are enabled): report it and end. */
  .section .text.trap, "ax"
  .balign 4
  .global trap_entry
trap_entry:
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  mv a3, sp
  la sp, _stack_top
  call vc_trap
4:
  j 4b
